package store

import "context"

// CheckRestart and InfoField expose the restart check to the package's external tests.
func CheckRestart(s *Store, ctx context.Context) bool { return s.checkRestart(ctx) }

var InfoField = infoField

// RestartEmbedded stops the embedded Redis and starts it again on the same address,
// as a Redis restart drops every connection.
func RestartEmbedded(s *Store) error {
	s.mini.Close()
	return s.mini.Restart()
}
