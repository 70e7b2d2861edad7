package feedback

import (
	"context"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestValidateMessages(t *testing.T) {
	m := Message{Name: " ", Email: "nope", Phone: "12", Topic: "pizza", Text: strings.Repeat("x", MaxText+1)}
	err := Validate(&m)
	fe, ok := fault.As(err)
	if !ok || fe.Kind != fault.Invalid {
		t.Fatalf("err = %v", err)
	}
	for _, f := range []string{"name", "email", "phone", "topic", "message"} {
		if fe.Fields[f] == "" {
			t.Errorf("no message for %s", f)
		}
	}
	ok2 := Message{Name: "Ada", Email: " Ada@Example.com ", Phone: "(513) 555-0100", Topic: "order", Text: " Cold fries. "}
	if err := Validate(&ok2); err != nil {
		t.Fatal(err)
	}
	if ok2.Email != "ada@example.com" || ok2.Phone != "5135550100" || ok2.Text != "Cold fries." {
		t.Fatalf("normalised: %+v", ok2)
	}
}

func TestSendFilesTheMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		b := NewBuiltin(st)
		ctx := context.Background()
		tk, err := b.Send(ctx, Message{Name: "Ada", Email: "ada@example.com", Topic: "restaurant", LocationID: "oh-dayton", Text: "Great biscuits."})
		if err != nil || !strings.HasPrefix(tk.Number, "HH-") {
			t.Fatalf("ticket %+v, %v", tk, err)
		}
		got, err := b.Recent(ctx, 10)
		if err != nil || len(got) != 1 || !strings.Contains(string(got[0]), "Great biscuits.") || !strings.Contains(string(got[0]), tk.Number) {
			t.Fatalf("recent: %s %v", got, err)
		}
		if _, err := b.Send(ctx, Message{}); err == nil {
			t.Fatal("an empty message was filed")
		}
	})
}
