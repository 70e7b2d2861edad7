package site

import (
	"testing"
	"time"
)

func TestPublicFor(t *testing.T) {
	for d, want := range map[time.Duration]string{time.Minute: "public, max-age=60", 5 * time.Minute: "public, max-age=300", time.Hour: "public, max-age=3600"} {
		if got := PublicFor(d); got != want {
			t.Errorf("PublicFor(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestFeaturesAreACopy(t *testing.T) {
	a := Features()
	a["verifyTransition"] = false
	if Features()["verifyTransition"] != true {
		t.Fatal("changing one caller's flags changed the defaults")
	}
}
