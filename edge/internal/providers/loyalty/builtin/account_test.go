package builtin

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestSignUpValidationMessages(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		_, err := e.p.SignUp(ctx, loyalty.SignUpInput{})
		fe := wantFault(t, err, fault.Invalid, "invalid")
		want := map[string]string{
			"first_name": "Enter your first name",
			"last_name":  "Enter your last name",
			"email":      "Enter a valid email address",
			"phone":      "Enter a 10-digit phone number",
			"password":   "Use at least 8 characters, with a letter and a number",
		}
		for k, v := range want {
			if fe.Fields[k] != v {
				t.Errorf("field %s: %q, want %q", k, fe.Fields[k], v)
			}
		}
		if len(fe.Fields) != len(want) {
			t.Errorf("fields %v", fe.Fields)
		}

		cases := []struct {
			name  string
			mod   func(*loyalty.SignUpInput)
			field string
			msg   string
		}{
			{"no at", func(in *loyalty.SignUpInput) { in.Email = "jane.example.com" }, "email", "Enter a valid email address"},
			{"no dot", func(in *loyalty.SignUpInput) { in.Email = "jane@example" }, "email", "Enter a valid email address"},
			{"display name", func(in *loyalty.SignUpInput) { in.Email = "Jane <jane@example.com>" }, "email", "Enter a valid email address"},
			{"two ats", func(in *loyalty.SignUpInput) { in.Email = "a@b@example.com" }, "email", "Enter a valid email address"},
			{"short phone", func(in *loyalty.SignUpInput) { in.Phone = "555-0123" }, "phone", "Enter a 10-digit phone number"},
			{"letters in phone", func(in *loyalty.SignUpInput) { in.Phone = "614-555-CHKN" }, "phone", "Enter a 10-digit phone number"},
			{"area code 0", func(in *loyalty.SignUpInput) { in.Phone = "014-555-0123" }, "phone", "Enter a 10-digit phone number"},
			{"short password", func(in *loyalty.SignUpInput) { in.Password = "chick1" }, "password", "Use at least 8 characters, with a letter and a number"},
			{"no digit", func(in *loyalty.SignUpInput) { in.Password = "chickenwings" }, "password", "Use at least 8 characters, with a letter and a number"},
			{"no letter", func(in *loyalty.SignUpInput) { in.Password = "1234567890" }, "password", "Use at least 8 characters, with a letter and a number"},
			{"long password", func(in *loyalty.SignUpInput) { in.Password = strings.Repeat("a1", 40) }, "password", "Use at most 72 characters"},
			{"long name", func(in *loyalty.SignUpInput) { in.FirstName = strings.Repeat("J", 51) }, "first_name", "Use at most 50 characters"},
			{"markup name", func(in *loyalty.SignUpInput) { in.LastName = "<b>Doe</b>" }, "last_name", "Use letters, spaces, hyphens and apostrophes"},
			{"birthday format", func(in *loyalty.SignUpInput) { in.Birthday = "11/25/1990" }, "birthday", "Enter your birthday as YYYY-MM-DD"},
			{"birthday future", func(in *loyalty.SignUpInput) { in.Birthday = "2030-01-01" }, "birthday", "Enter a real date of birth"},
			{"too young", func(in *loyalty.SignUpInput) { in.Birthday = "2016-01-01" }, "birthday", "You must be 13 or older to join"},
			{"unknown location", func(in *loyalty.SignUpInput) { in.FavoriteLocationID = "closed-somewhere" }, "favorite_location_id", "Choose a location from the list"},
			{"bad location id", func(in *loyalty.SignUpInput) { in.FavoriteLocationID = "../etc" }, "favorite_location_id", "Choose a location from the list"},
		}
		for _, c := range cases {
			in := input()
			c.mod(&in)
			_, err := e.p.SignUp(ctx, in)
			fe := wantFault(t, err, fault.Invalid, "invalid")
			if fe.Fields[c.field] != c.msg || len(fe.Fields) != 1 {
				t.Errorf("%s: fields %v, want %s=%q", c.name, fe.Fields, c.field, c.msg)
			}
		}
	})
}

func TestSignUpNormalisesAndConfirms(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := input()
		in.Email = "  Jane.Q.Doe+Wings@Example.COM "
		in.Phone = "+1 (614) 555-0199"
		in.FirstName, in.LastName = "  Zoë ", "O'Neil-Smith"
		in.Birthday = "1990-05-17"
		in.MarketingOptIn = true
		m := must[loyalty.Member](t)(e.p.SignUp(ctx, in))
		if m.Email != "jane.q.doe+wings@example.com" || m.Phone != "6145550199" || m.FirstName != "Zoë" || m.LastName != "O'Neil-Smith" {
			t.Fatalf("not normalised: %+v", m)
		}
		if !regexp.MustCompile(`^HH[0-9]{10}$`).MatchString(m.Number) || !luhnValid(m.Number[2:]) {
			t.Fatalf("member number %q", m.Number)
		}
		if m.Points != 100 || m.LifetimePoints != 100 || m.Tier != loyalty.TierMember || m.NextTier != loyalty.TierGold || m.PointsToNextTier != 900 {
			t.Fatalf("welcome bonus / tier: %+v", m)
		}
		if m.Confirmed || !m.Settings.EmailOffers || m.Settings.SMSOffers || !m.Settings.PaperlessReceipts || m.Birthday != "1990-05-17" {
			t.Fatalf("flags: %+v", m)
		}
		if !m.CreatedAt.Equal(noon) || m.FavoriteLocationID != "oh-columbus-downtown" {
			t.Fatalf("created/fav: %+v", m)
		}
		favs := must[[]string](t)(e.p.FavoriteLocations(ctx, m.ID))
		if len(favs) != 1 || favs[0] != "oh-columbus-downtown" {
			t.Fatalf("favourites %v", favs)
		}

		// The password is stored as a bcrypt hash.
		pw := e.st.Client.HGet(ctx, e.p.mk(m.ID), "pw").Val()
		if pw == in.Password || bcrypt.CompareHashAndPassword([]byte(pw), []byte(in.Password)) != nil {
			t.Fatal("password not hashed with bcrypt")
		}

		msg := e.lastMessage(t, "JANE.Q.DOE+wings@example.com")
		if msg.Kind != "confirm" || msg.To != m.Email || msg.Channel != "email" || msg.Code == "" {
			t.Fatalf("confirmation message %+v", msg)
		}
		wantLink := "https://henhouse.test/account/confirmed?code=" + msg.Code
		if msg.Link != wantLink || !strings.Contains(msg.Body, wantLink) || !strings.Contains(msg.Body, "Hi Zoë,") || msg.Subject != "Confirm your Henhouse Rewards account" {
			t.Fatalf("confirmation content %+v", msg)
		}
		got := must[loyalty.Member](t)(e.p.ConfirmAccount(ctx, msg.Code))
		if !got.Confirmed || got.ID != m.ID {
			t.Fatalf("not confirmed: %+v", got)
		}
		// Opening the link again is harmless.
		if _, err := e.p.ConfirmAccount(ctx, msg.Code); err != nil {
			t.Fatal(err)
		}
		_, err := e.p.ConfirmAccount(ctx, "not-a-code")
		wantFault(t, err, fault.Gone, "confirmation_expired")
		wantFault(t, e.p.ResendConfirmation(ctx, m.ID), fault.Rule, "already_confirmed")

		// Lookups find the member by email, phone and number.
		if h, _ := e.p.memberByEmail(ctx, m.Email); h == nil || h["id"] != m.ID {
			t.Fatal("email index")
		}
		if h, _ := e.p.memberBy(ctx, e.p.phoneKey(m.Phone), "phone", m.Phone); h == nil || h["id"] != m.ID {
			t.Fatal("phone index")
		}
		if h, _ := e.p.memberBy(ctx, e.p.numberKey(m.Number), "number", m.Number); h == nil || h["id"] != m.ID {
			t.Fatal("number index")
		}
	})
}

func TestSignUpDuplicates(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		first := e.signUp(t)
		in := input()
		in.Email = "  " + strings.ToUpper(first.Email)
		_, err := e.p.SignUp(ctx, in)
		fe := wantFault(t, err, fault.Conflict, "email_taken")
		if fe.Fields["email"] != "An account with this email already exists. Sign in instead." {
			t.Fatalf("field %v", fe.Fields)
		}
		in = input()
		in.Phone = "(" + first.Phone[:3] + ") " + first.Phone[3:6] + "-" + first.Phone[6:]
		_, err = e.p.SignUp(ctx, in)
		fe = wantFault(t, err, fault.Conflict, "phone_taken")
		if fe.Fields["phone"] == "" {
			t.Fatal("no phone field message")
		}
		// The failed sign-up left nothing behind: its email is free.
		if _, err := e.p.SignUp(ctx, loyalty.SignUpInput{FirstName: "A", LastName: "B", Email: in.Email, Phone: input().Phone, Password: "chicken123"}); err != nil {
			t.Fatalf("email of a failed sign-up is still taken: %v", err)
		}
	})
}

func TestSignUpRaceSameEmail(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		email := input().Email
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, conflicts := 0, 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				in := input()
				in.Email = email
				_, err := e.p.SignUp(ctx, in)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if fault.Is(err, fault.Conflict) {
					conflicts++
				} else {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok != 1 || conflicts != 7 {
			t.Fatalf("%d sign-ups succeeded, %d conflicts", ok, conflicts)
		}
	})
}

func TestUpdateProfileAndSettings(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		other := e.signUp(t)
		str := func(s string) *string { return &s }

		_, err := e.p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{FirstName: str(" "), Phone: str("12")})
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["first_name"] != "Enter your first name" || fe.Fields["phone"] != "Enter a 10-digit phone number" {
			t.Fatalf("fields %v", fe.Fields)
		}
		_, err = e.p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{Email: str(other.Email)})
		wantFault(t, err, fault.Conflict, "email_taken")

		u := must[loyalty.Member](t)(e.p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{
			FirstName: str("Janet"), Email: str("Janet.New@Example.com"), Phone: str("312-555-0100"),
			Birthday: str("1985-02-03"), FavoriteLocationID: str("il-chicago-loop"),
		}))
		if u.FirstName != "Janet" || u.Email != "janet.new@example.com" || u.Confirmed || u.Phone != "3125550100" || u.Birthday != "1985-02-03" || u.FavoriteLocationID != "il-chicago-loop" {
			t.Fatalf("update: %+v", u)
		}
		// The old email is free again, the new one must be confirmed and the old
		// address is told about the change.
		if h, _ := e.p.memberByEmail(ctx, m.Email); h != nil {
			t.Fatal("old email still finds the member")
		}
		if msg := e.lastMessage(t, m.Email); msg.Kind != "email_changed" || !strings.Contains(msg.Body, "j•••@example.com") {
			t.Fatalf("old address notice %+v", msg)
		}
		conf := e.lastMessage(t, "janet.new@example.com")
		if conf.Kind != "confirm" {
			t.Fatalf("new address message %+v", conf)
		}
		if _, err := e.p.StartPasswordless(ctx, m.Phone); err != nil {
			t.Fatal(err)
		}
		if e.messageCount(t, m.Phone) != 0 {
			t.Fatal("old phone still receives codes")
		}
		// A birthday is set once.
		_, err = e.p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{Birthday: str("1986-02-03")})
		fe = wantFault(t, err, fault.Invalid, "invalid")
		if !strings.Contains(fe.Fields["birthday"], "can't be changed") {
			t.Fatalf("birthday change: %v", fe.Fields)
		}
		favs := must[[]string](t)(e.p.FavoriteLocations(ctx, m.ID))
		if len(favs) != 2 {
			t.Fatalf("favourite location not added to favourites: %v", favs)
		}

		yes, no := true, false
		s := must[loyalty.Member](t)(e.p.UpdateSettings(ctx, m.ID, loyalty.SettingsUpdate{EmailOffers: &no, SMSOffers: &yes, PaperlessReceipts: &no}))
		if s.Settings != (loyalty.Settings{SMSOffers: true}) {
			t.Fatalf("settings %+v", s.Settings)
		}
		// A change names only what changes: the rest is kept.
		s = must[loyalty.Member](t)(e.p.UpdateSettings(ctx, m.ID, loyalty.SettingsUpdate{PaperlessReceipts: &yes}))
		if s.Settings != (loyalty.Settings{SMSOffers: true, PaperlessReceipts: true}) {
			t.Fatalf("settings after a partial change %+v", s.Settings)
		}
		_, err = e.p.Member(ctx, "m_nobodyhere123456")
		wantFault(t, err, fault.NotFound, "member_not_found")
		_, err = e.p.Member(ctx, "../../etc")
		wantFault(t, err, fault.NotFound, "member_not_found")
	})
}

func TestForgotAndResetPassword(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		// No enumeration: unknown emails are answered the same and get nothing.
		if err := e.p.ForgotPassword(ctx, "nobody@example.com"); err != nil {
			t.Fatal(err)
		}
		if e.messageCount(t, "nobody@example.com") != 0 {
			t.Fatal("message to an unknown email")
		}
		fe := wantFault(t, e.p.ForgotPassword(ctx, "not an email"), fault.Invalid, "invalid")
		if fe.Fields["email"] != "Enter a valid email address" {
			t.Fatal(fe.Fields)
		}
		if err := e.p.ForgotPassword(ctx, strings.ToUpper(m.Email)); err != nil {
			t.Fatal(err)
		}
		msg := e.lastMessage(t, m.Email)
		if msg.Kind != "reset" || !sixDigits.MatchString(msg.Code) || !strings.Contains(msg.Link, "/account/forgot?email=") || !strings.Contains(msg.Body, msg.Code) {
			t.Fatalf("reset message %+v", msg)
		}
		wrong := "000000"
		if msg.Code == wrong {
			wrong = "111111"
		}
		fe = wantFault(t, second(e.p.ResetPassword(ctx, m.Email, wrong, "newpass123")), fault.Invalid, "invalid_code")
		if fe.Fields["code"] == "" {
			t.Fatal("no code field message")
		}
		fe = wantFault(t, second(e.p.ResetPassword(ctx, m.Email, msg.Code, "weak")), fault.Invalid, "invalid")
		if fe.Fields["password"] != msgPassword {
			t.Fatal(fe.Fields)
		}
		wantFault(t, second(e.p.ResetPassword(ctx, "nobody@example.com", msg.Code, "newpass123")), fault.Invalid, "invalid_code")
		if id, err := e.p.ResetPassword(ctx, m.Email, msg.Code, "newpass123"); err != nil || id != m.ID {
			t.Fatalf("reset: %q %v, want the member's id %q", id, err, m.ID)
		}
		if e.lastMessage(t, m.Email).Kind != "password_changed" {
			t.Fatal("no password-changed notice")
		}
		// Single use.
		wantFault(t, second(e.p.ResetPassword(ctx, m.Email, msg.Code, "another123")), fault.Invalid, "invalid_code")
		_, err := e.p.SignIn(ctx, m.Email, "chicken123")
		wantFault(t, err, fault.Unauthorized, "invalid_credentials")
		if _, err := e.p.SignIn(ctx, m.Email, "newpass123"); err != nil {
			t.Fatal(err)
		}
		got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID))
		if !got.Confirmed {
			t.Fatal("a used reset code proves the email")
		}

		// Expired codes fail.
		if err := e.p.ForgotPassword(ctx, m.Email); err != nil {
			t.Fatal(err)
		}
		code := e.lastMessage(t, m.Email).Code
		e.clk.Add(ResetTTL + time.Second)
		wantFault(t, second(e.p.ResetPassword(ctx, m.Email, code, "newpass456")), fault.Invalid, "invalid_code")

		// Five wrong guesses spend the code.
		e.clk.Add(-ResetTTL - time.Second)
		if err := e.p.ForgotPassword(ctx, m.Email); err != nil {
			t.Fatal(err)
		}
		code = e.lastMessage(t, m.Email).Code
		for i := 0; i < CodeAttempts; i++ {
			g := "999999"
			if code == g {
				g = "888888"
			}
			wantFault(t, second(e.p.ResetPassword(ctx, m.Email, g, "newpass456")), fault.Invalid, "invalid_code")
		}
		wantFault(t, second(e.p.ResetPassword(ctx, m.Email, code, "newpass456")), fault.Invalid, "invalid_code")
	})
}

func TestChangePassword(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		fe := wantFault(t, e.p.ChangePassword(ctx, m.ID, "wrong123", "newpass123"), fault.Invalid, "invalid")
		if fe.Fields["current"] == "" {
			t.Fatal(fe.Fields)
		}
		fe = wantFault(t, e.p.ChangePassword(ctx, m.ID, "chicken123", "short"), fault.Invalid, "invalid")
		if fe.Fields["password"] != msgPassword {
			t.Fatal(fe.Fields)
		}
		wantFault(t, e.p.ChangePassword(ctx, m.ID, "chicken123", "chicken123"), fault.Invalid, "invalid")
		if err := e.p.ChangePassword(ctx, m.ID, "chicken123", "biscuits99"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.SignIn(ctx, m.Email, "biscuits99"); err != nil {
			t.Fatal(err)
		}
	})
}

// A confirmation is of the address it was sent to: an address changed since, even by
// a change that lands while the confirmation is being written, is unconfirmed until
// it is confirmed itself.
func TestConfirmedIsOfTheCurrentEmail(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		code := e.lastMessage(t, m.Email).Code
		if got := must[loyalty.Member](t)(e.p.ConfirmAccount(ctx, code)); !got.Confirmed {
			t.Fatalf("not confirmed: %+v", got)
		}
		// The state a change of email racing the confirmation leaves: the flag written
		// after the new address.
		e.st.Client.HSet(ctx, e.p.mk(m.ID), "email", "hank@acme.example", "confirmed", "1")
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Confirmed {
			t.Fatalf("an address never confirmed counts as confirmed: %+v", got)
		}
		// Changing the email through the profile unconfirms it; confirming it again
		// confirms it.
		e.st.Client.HSet(ctx, e.p.mk(m.ID), "email", m.Email)
		next := "hank2@acme.example"
		u := must[loyalty.Member](t)(e.p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{Email: &next}))
		if u.Confirmed {
			t.Fatalf("a changed email is still confirmed: %+v", u)
		}
		got := must[loyalty.Member](t)(e.p.ConfirmAccount(ctx, e.lastMessage(t, "hank2@acme.example").Code))
		if !got.Confirmed || got.Email != "hank2@acme.example" {
			t.Fatalf("the new address, confirmed: %+v", got)
		}
	})
}
