package server

import (
	"testing"
	"time"
)

// A send request cannot open an order's event stream: it is refused before the stream
// starts, and the edge goes on answering (the stream's writer once ran on send's
// in-memory connection, whose deadline call panics, and took the process down).
func TestSendRefusesAnEventStreamAndTheEdgeStaysUp(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	id := placeAtDayton(t, g, "send-stream-1", "", `{"kind":"instore"}`)["id"].(string)
	for _, path := range []string{"/orders/" + id + "/events", "/ORDERS/" + id + "/EVENTS", "/orders/" + id + "/%65vents", "/orders/" + id + "/events?x=1"} {
		st, m, raw := g.send("POST", "/api/send", `{"method":"GET","path":"`+path+`"}`)
		if st != 400 || m["error"] == nil {
			t.Fatalf("send %s: %d %s, want 400 with an error", path, st, raw)
		}
		if code := m["error"].(map[string]any)["code"]; code != "invalid" {
			t.Errorf("send %s: code %v", path, code)
		}
	}
	// A writer started anyway would run on its own goroutine: give it the time to.
	time.Sleep(200 * time.Millisecond)
	g.ok("GET", "/healthz", "", 200)
	g.ok("GET", "/api/orders/"+id, "", 200)
}
