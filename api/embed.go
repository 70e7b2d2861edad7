// Package api holds the contract of the edge's /api: the OpenAPI document that the
// edge serves at /api/openapi.json, that the Go tests check every answer against,
// and that the front end generates its types from.
package api

import _ "embed"

// Document is api/openapi.yaml, the OpenAPI 3.1 description of every /api route.
//
//go:embed openapi.yaml
var Document []byte
