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
	a["rewardsAtCheckout"] = false
	if Features()["rewardsAtCheckout"] != true {
		t.Fatal("changing one caller's flags changed the defaults")
	}
}

// A flag nothing reads must not be sent: these have no effect on this site
// (docs/architecture.md, "Feature flags").
func TestFeaturesSendNoDeadFlags(t *testing.T) {
	f := Features()
	for _, k := range []string{"verifyTransition", "customMenuUrl", "disabled", "asapUnavailable", "showEarliestTime", "bumpEarliestMinutes", "checkoutClientVersion"} {
		if _, ok := f[k]; ok {
			t.Errorf("Features() sends %q, which nothing reads", k)
		}
	}
}
