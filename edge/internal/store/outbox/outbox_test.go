package outbox

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestOutbox(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	o := New(storetest.Embedded(t), Config{Size: 3, PerRecipient: 2, Now: func() time.Time { return at }})
	for i, to := range []string{" Ada@Example.com", "bob@example.com", "ada@example.com", "(937) 555-0100", "ada@example.com"} {
		if err := o.Send(ctx, Message{Kind: "test", To: to, Subject: fmt.Sprint(i), Body: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	all, err := o.Outbox(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].Subject != "4" || all[1].To != "9375550100" || all[2].Subject != "2" {
		t.Fatalf("outbox keeps the newest 3, newest first: %+v", all)
	}
	if all[0].ID == "" || all[0].ID == all[2].ID || all[0].Channel != ChannelEmail || !all[0].CreatedAt.Equal(at) {
		t.Fatalf("message not stamped: %+v", all[0])
	}
	ada, _ := o.OutboxFor(ctx, "ADA@example.com ", 10)
	if len(ada) != 2 || ada[0].Subject != "4" || ada[1].Subject != "2" {
		t.Fatalf("per recipient, capped at 2: %+v", ada)
	}
	phone, _ := o.OutboxFor(ctx, "+1 937 555 0100", 10)
	if len(phone) != 1 {
		t.Fatalf("a phone number in another format is the same recipient: %+v", phone)
	}
	if none, _ := o.OutboxFor(ctx, "  ", 10); len(none) != 0 {
		t.Fatalf("a blank recipient lists nothing: %+v", none)
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		" Ada@Example.COM ": "ada@example.com",
		"(937) 555-0100":    "9375550100",
		"1-937-555-0100":    "9375550100",
		"555-0100":          "555-0100",
		"call me":           "call me",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
