package feedback

import (
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The cases the contact form's own rules (mf-content/src/contact/rules.ts) are tested
// with too, so the browser and the edge agree on what is wrong.
func TestValidateAgreesWithTheFormsCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name    string
			Message map[string]string
			Repeat  map[string][2]any
			Invalid []string
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			fields := c.Message
			for k, r := range c.Repeat {
				fields[k] = strings.Repeat(r[0].(string), int(r[1].(float64)))
			}
			b, _ := json.Marshal(fields)
			var m Message
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			got := []string{}
			if err := Validate(&m); err != nil {
				fe, ok := fault.As(err)
				if !ok || fe.Kind != fault.Invalid {
					t.Fatalf("err = %v", err)
				}
				for f, msg := range fe.Fields {
					if msg == "" {
						t.Errorf("no words for %s", f)
					}
					got = append(got, f)
				}
			}
			sort.Strings(got)
			if strings.Join(got, ",") != strings.Join(c.Invalid, ",") {
				t.Fatalf("invalid fields %v, want %v", got, c.Invalid)
			}
		})
	}
}

func TestValidateNormalises(t *testing.T) {
	m := Message{Name: " Ada ", Email: " Ada@Example.com ", Phone: "+1 (513) 555-0100", Topic: "order", OrderID: " #o_Ab12Cd34Ef56Gh78", Text: " Cold fries. "}
	if err := Validate(&m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Ada" || m.Email != "ada@example.com" || m.Phone != "5135550100" || m.OrderID != "o_Ab12Cd34Ef56Gh78" || m.Text != "Cold fries." {
		t.Fatalf("normalised: %+v", m)
	}
	other := Message{Name: "Ada", Email: "ada@example.com", Topic: "catering", OrderID: "o_Ab12Cd34Ef56Gh78", Text: "Hi"}
	if err := Validate(&other); err != nil || other.OrderID != "" {
		t.Fatalf("an order number kept for catering: %+v %v", other, err)
	}
}

// The form lists what the product asks for: an order issue, feedback, catering, an
// accessibility barrier and anything else, each with words to show.
func TestTopics(t *testing.T) {
	var ids []string
	for _, tp := range Topics {
		if tp.Label == "" || TopicLabel(tp.ID) != tp.Label {
			t.Errorf("topic %+v has no label", tp)
		}
		ids = append(ids, tp.ID)
	}
	if strings.Join(ids, ",") != "order,feedback,catering,accessibility,other" {
		t.Fatalf("topics: %v", ids)
	}
	if TopicLabel("restaurant") != "" {
		t.Fatal("an old topic is still known")
	}
}

func TestSendFilesTheMessageAndMailsBoth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		box := outbox.New(st, outbox.Config{})
		at := time.Date(2026, 11, 24, 15, 4, 0, 0, time.UTC)
		b := NewBuiltin(st, Config{Outbox: box, Now: func() time.Time { return at }})
		ctx := context.Background()
		m := Message{Name: "Ada", Email: "Ada@Example.com", Phone: "513 555 0100", Topic: "order", LocationID: "oh-dayton", OrderID: "o_Ab12Cd34Ef56Gh78", Text: "Cold fries."}
		tk, err := b.Send(ctx, m, About{LocationName: "Henhouse Dayton", Order: OrderTheirs})
		if err != nil || !strings.HasPrefix(tk.Number, "HH-261124-") || len(tk.Number) != len("HH-261124-000000") {
			t.Fatalf("ticket %+v, %v", tk, err)
		}
		got, err := b.Recent(ctx, 10)
		if err != nil || len(got) != 1 || !strings.Contains(string(got[0]), "Cold fries.") || !strings.Contains(string(got[0]), tk.Number) || !strings.Contains(string(got[0]), "Henhouse Dayton") {
			t.Fatalf("recent: %s %v", got, err)
		}

		staff, err := box.OutboxFor(ctx, DefaultTo("henhouse"), 10)
		if err != nil || len(staff) != 1 {
			t.Fatalf("guest relations' mail: %+v %v", staff, err)
		}
		s := staff[0]
		if s.Kind != "contact" || !strings.Contains(s.Subject, tk.Number) || !strings.Contains(s.Subject, "An order") {
			t.Fatalf("subject: %+v", s)
		}
		for _, want := range []string{"Ticket: " + tk.Number, "Topic: An order", "From: Ada <ada@example.com>", "Phone: 5135550100",
			"Location: Henhouse Dayton (oh-dayton)", "Order: o_Ab12Cd34Ef56Gh78 (one of the sender's orders)", "Cold fries."} {
			if !strings.Contains(s.Body, want) {
				t.Errorf("guest relations' mail lacks %q:\n%s", want, s.Body)
			}
		}

		mine, err := box.OutboxFor(ctx, " ADA@example.com", 10)
		if err != nil || len(mine) != 1 {
			t.Fatalf("the guest's copy: %+v %v", mine, err)
		}
		// The acknowledgement repeats none of the guest's words (not the message, not the name).
		if c := mine[0]; c.Kind != "contact_copy" || c.Subject != "We got your message — ticket "+tk.Number || !strings.Contains(c.Body, tk.Number) ||
			!strings.Contains(c.Body, "(An order)") || strings.Contains(c.Body, "Cold fries.") || strings.Contains(c.Body, "Ada") {
			t.Fatalf("copy: %+v", c)
		}

		if _, err := b.Send(ctx, Message{}, About{}); err == nil {
			t.Fatal("an empty message was filed")
		}
		if all, _ := box.Outbox(ctx, 10); len(all) != 2 {
			t.Fatalf("an invalid message was mailed: %+v", all)
		}
	})
}

func TestMailsSayAnOrderWasNotFound(t *testing.T) {
	m := Message{Name: "Ada", Email: "ada@example.com", Topic: "order", OrderID: "o_zz", Text: "Where is it?"}
	mails := Mails(Ticket{Number: "HH-261124-000001"}, m, About{Order: OrderNotTheirs}, "desk@example.com")
	if mails[0].To != "desk@example.com" || !strings.Contains(mails[0].Body, "Order: o_zz (not found among the sender's orders") {
		t.Fatalf("%+v", mails[0])
	}
	if strings.Contains(mails[0].Body, "Location:") || strings.Contains(mails[0].Body, "Phone:") {
		t.Fatalf("empty lines shown: %s", mails[0].Body)
	}
}

// A field that ends up in a mail header holds no line break or other control character.
func TestNameOnOneLine(t *testing.T) {
	for _, name := range []string{"A\r\nBcc: victim@example.com", "A\nB", "A\tB", "A\x00B", "A\u0085B", "A\u2028B", "A\u2029B"} {
		m := Message{Name: name, Email: "ada@example.com", Topic: "feedback", Text: "Hi."}
		fe, ok := fault.As(Validate(&m))
		if !ok || fe.Fields["name"] == "" {
			t.Errorf("name %q: %v", name, fe)
		}
	}
	m := Message{Name: "  Zoë O'Brien-Núñez  ", Email: "ada@example.com", Topic: "feedback", Text: "Line one.\nLine two."}
	if err := Validate(&m); err != nil || m.Name != "Zoë O'Brien-Núñez" {
		t.Fatalf("a plain name: %q %v", m.Name, err)
	}
}

func TestMailboxKey(t *testing.T) {
	for in, want := range map[string]string{
		"Victim@Example.com":            "victim@example.com",
		"victim+a@example.com":          "victim@example.com",
		" VICTIM+b+c@example.com ":      "victim@example.com",
		"vic.tim@example.com":           "vic.tim@example.com",
		"Ada.Love.Lace+x@gmail.com":     "adalovelace@gmail.com",
		"a.d.a.lovelace@googlemail.com": "adalovelace@gmail.com",
		"+only@example.com":             "+only@example.com",
		"not an address":                "not an address",
	} {
		if got := MailboxKey(in); got != want {
			t.Errorf("MailboxKey(%q) = %q, want %q", in, got, want)
		}
	}
}
