// Package openapi serves the API's own description, api/openapi.yaml, at
// GET /api/openapi.json, so that a client (or a person with a browser) can read the
// contract of the edge it talks to.
package openapi

import (
	"encoding/json"
	"fmt"

	"github.com/gofiber/fiber/v3"
	"go.yaml.in/yaml/v4"

	"github.com/henhouse/platform/api"
)

// Path is where the document is served, under the /api group.
const Path = "/openapi.json"

// JSON converts the embedded YAML document to JSON.
func JSON() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(api.Document, &doc); err != nil {
		return nil, fmt.Errorf("openapi: api/openapi.yaml: %w", err)
	}
	return json.Marshal(doc)
}

// Mount registers GET /openapi.json on r (the /api group). The document is converted
// once, here: it is embedded in the binary, so it cannot change while the edge runs,
// and a document that does not parse is a build mistake that the tests catch first.
func Mount(r fiber.Router) {
	body, err := JSON()
	if err != nil {
		panic(err)
	}
	r.Get(Path, func(c fiber.Ctx) error {
		// The same for every visitor and fixed per release: any cache may keep it a while.
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
		return c.Send(body)
	})
}
