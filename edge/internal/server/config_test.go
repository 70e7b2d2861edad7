package server

import (
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/page"
)

func TestMapConfigFromEnv(t *testing.T) {
	for _, k := range []string{"MAP_TILE_URL", "MAP_ATTRIBUTION", "MAP_MAX_ZOOM"} {
		t.Setenv(k, "")
	}
	c, err := ConfigFromEnv()
	if err != nil || c.MapTileURL != "" || c.MapAttribution != "" || c.MapMaxZoom != 18 {
		t.Fatalf("defaults: the offline layer, zoom 18: %q %q %d %v", c.MapTileURL, c.MapAttribution, c.MapMaxZoom, err)
	}

	for _, u := range []string{
		"https://tile.openstreetmap.org/{z}/{x}/{y}.png",
		"http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png",
		"https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png?key=abc",
		" https://tiles.example.com/{z}/{y}/{x}.webp ",
	} {
		t.Setenv("MAP_TILE_URL", u)
		if c, err := ConfigFromEnv(); err != nil || c.MapTileURL != strings.TrimSpace(u) {
			t.Errorf("%q: %q %v", u, c.MapTileURL, err)
		}
	}
	for _, u := range []string{
		"https://tiles.example.com/{z}/{x}.png",             // no {y}
		"https://tiles.example.com/tiles.png",               // no placeholders
		"ftp://tiles.example.com/{z}/{x}/{y}.png",           // not http(s)
		"/tiles/{z}/{x}/{y}.png",                            // not absolute
		"tiles.example.com/{z}/{x}/{y}.png",                 // no scheme
		"javascript:alert(1)//{z}/{x}/{y}",                  // not a tile server
		"https://user:pw@tiles.example.com/{z}/{x}/{y}.png", // a secret every browser would get
		"https:///{z}/{x}/{y}.png",                          // no host
	} {
		t.Setenv("MAP_TILE_URL", u)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "MAP_TILE_URL") {
			t.Errorf("%q: want an error naming MAP_TILE_URL, got %v", u, err)
		}
	}
	t.Setenv("MAP_TILE_URL", "")

	t.Setenv("MAP_ATTRIBUTION", ` &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> `)
	if c, err := ConfigFromEnv(); err != nil || c.MapAttribution != `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>` {
		t.Fatalf("attribution: %q %v", c.MapAttribution, err)
	}

	for _, z := range []string{"1", "22", "19"} {
		t.Setenv("MAP_MAX_ZOOM", z)
		if c, err := ConfigFromEnv(); err != nil || c.MapMaxZoom == 18 {
			t.Errorf("MAP_MAX_ZOOM=%s: %d %v", z, c.MapMaxZoom, err)
		}
	}
	for _, z := range []string{"0", "23", "-1", "abc", "18.5", "1e1"} {
		t.Setenv("MAP_MAX_ZOOM", z)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "MAP_MAX_ZOOM") {
			t.Errorf("MAP_MAX_ZOOM=%s: want an error naming it, got %v", z, err)
		}
	}
}

// Every page's bootstrap carries the map's base layer, the offline one unless
// configured.
func TestBootstrapCarriesTheMapConfig(t *testing.T) {
	_, body := get(t, newTestServer(t), "/locations")
	if b := bootstrapOf(t, body); b.Config.Map != (page.Map{MaxZoom: 18}) {
		t.Fatalf("default: %+v", b.Config.Map)
	}
	if !strings.Contains(body, `"map":{"tileUrl":"","attribution":"","maxZoom":18}`) {
		t.Fatal("the bootstrap's map has the names kit/src/bootstrap.ts reads")
	}

	want := page.Map{TileURL: "https://tiles.example.com/{z}/{x}/{y}.png", Attribution: `&copy; <a href="https://tiles.example.com/">Tiles</a>`, MaxZoom: 16}
	s := newTestServerWith(t, func(c *Config) {
		c.MapTileURL, c.MapAttribution, c.MapMaxZoom = want.TileURL, want.Attribution, want.MaxZoom
	})
	for _, path := range []string{"/locations", "/no-such-page"} {
		_, body := get(t, s, path)
		if b := bootstrapOf(t, body); b.Config.Map != want {
			t.Fatalf("%s: %+v", path, b.Config.Map)
		}
		if strings.Contains(body, "<a href") {
			t.Fatalf("%s: the attribution's HTML is escaped inside the bootstrap script", path)
		}
	}
}

func TestBeaconSampleRate(t *testing.T) {
	t.Setenv("BEACON_SAMPLE_RATE", "")
	c, err := ConfigFromEnv()
	if err != nil || c.Delivery.BeaconSampleRate != nil {
		t.Fatalf("unset: %v %v", c.Delivery.BeaconSampleRate, err)
	}
	t.Setenv("BEACON_SAMPLE_RATE", "0.25")
	if c, err = ConfigFromEnv(); err != nil || c.Delivery.BeaconSampleRate == nil || *c.Delivery.BeaconSampleRate != 0.25 {
		t.Fatalf("0.25: %v %v", c.Delivery.BeaconSampleRate, err)
	}
	for _, bad := range []string{"2", "-0.1", "half", "NaN"} {
		t.Setenv("BEACON_SAMPLE_RATE", bad)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "BEACON_SAMPLE_RATE") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// MODULE_STORE takes the bucket URLs the edge can open and stops the edge at start on
// anything else, rather than at the first publish.
func TestModuleStoreConfigFromEnv(t *testing.T) {
	t.Setenv("MODULE_STORE", "")
	if c, err := ConfigFromEnv(); err != nil || c.ModuleStore != "" {
		t.Fatalf("default: the build directory: %q %v", c.ModuleStore, err)
	}
	for _, u := range []string{
		"s3://modules?region=eu-west-1",
		"s3://modules?region=us-east-1&endpoint=http://127.0.0.1:9000&use_path_style=true&disable_https=true",
		"s3://henhouse-modules?region=auto&endpoint=https://storage.googleapis.com",
		"file:///srv/modules",
	} {
		t.Setenv("MODULE_STORE", u)
		if c, err := ConfigFromEnv(); err != nil || c.ModuleStore != u {
			t.Errorf("%q: %q %v", u, c.ModuleStore, err)
		}
	}
	for _, u := range []string{"/srv/modules", "modules", "http://minio:9000/modules", "s3://", "mem://", "gs://henhouse-modules", "azblob://modules"} {
		t.Setenv("MODULE_STORE", u)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "MODULE_STORE") {
			t.Errorf("%q: %v, want refused", u, err)
		}
	}
}

// SITE_URL is an origin: the links of mails are written after it, so a path, another
// scheme or no host would make every mailed link wrong.
func TestSiteURLFromEnv(t *testing.T) {
	for in, want := range map[string]string{"": "", " https://order.example.com/ ": "https://order.example.com", "http://127.0.0.1:8080": "http://127.0.0.1:8080"} {
		t.Setenv("SITE_URL", in)
		if c, err := ConfigFromEnv(); err != nil || c.SiteURL != want {
			t.Errorf("%q: %q %v", in, c.SiteURL, err)
		}
	}
	for _, in := range []string{"order.example.com", "ftp://order.example.com", "https://order.example.com/shop", "https://"} {
		t.Setenv("SITE_URL", in)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "SITE_URL") {
			t.Errorf("%q: want an error naming SITE_URL, got %v", in, err)
		}
	}
}
