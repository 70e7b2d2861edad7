package server

import (
	"html"
	"strings"
	"testing"
)

// A browse page exists only where the ordering provider has a location; anything
// else is the real 404 page with status 404.
func TestLocationBrowsePages(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		path    string
		status  int
		heading string
	}{
		{"/locations/ky", 200, "Page locations ky"},
		{"/locations/KY", 200, "Page locations KY"},
		{"/locations/ky/louisville", 200, "Page locations ky louisville"},
		{"/locations/in/fort-wayne/", 200, "Page locations in fort-wayne"},
		{"/locations/ky/louisville/louisville", 200, "Page locations ky louisville louisville"},
		{"/locations/ky/louisville/9838-madison-ave", 200, "Page locations ky louisville 9838-madison-ave"},
		{"/locations/all", 200, "Page locations all"},
		{"/locations/zz", 404, "Page 404"},
		{"/locations/kentucky", 404, "Page 404"},
		{"/locations/ky/columbus", 404, "Page 404"},
		{"/locations/ky/---", 404, "Page 404"},
		{"/locations/ky/louisville/nope", 404, "Page 404"},
		{"/locations/ky/lexington/louisville", 404, "Page 404"},
		{"/locations/oh/columbus/columbus-downtown/extra", 404, "Page 404"},
	} {
		resp, body := get(t, s, tc.path)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, resp.StatusCode, tc.status)
			continue
		}
		b := bootstrapOf(t, body)
		if b.Status != tc.status || b.Heading != tc.heading || !strings.Contains(body, `<h1 class="visually-hidden">`+html.EscapeString(tc.heading)+`</h1>`) {
			t.Errorf("%s: status %d heading %q", tc.path, b.Status, b.Heading)
		}
		wantRoute := "locations-browse"
		switch {
		case tc.status == 404:
			wantRoute = "not-found"
		case tc.path == "/locations/all":
			wantRoute = "locations-all"
		}
		if b.Route.ID != wantRoute {
			t.Errorf("%s: route %s, want %s", tc.path, b.Route.ID, wantRoute)
		}
		if tc.status == 404 && (b.Route.Module != "shell" || b.Route.Screen != "NotFound" || !strings.Contains(body, "<title>Page not found | Henhouse</title>")) {
			t.Errorf("%s: not the 404 page: %+v", tc.path, b.Route)
		}
	}
}
