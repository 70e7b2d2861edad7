package store

import "context"

// CheckRestart and InfoField expose the restart check to the package's external tests.
func CheckRestart(s *Store, ctx context.Context) bool { return s.checkRestart(ctx) }

var InfoField = infoField
