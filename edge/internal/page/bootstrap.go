package page

import (
	"encoding/json"
	"strconv"
	"strings"
)

// appendBootstrap writes the bootstrap JSON byte for byte as json.Marshal writes a
// Bootstrap (member order, escaping of <, > and & included, so it is safe inside
// <script>).
func (s *Shell) appendBootstrap(b []byte, p *Page) []byte {
	b = append(b, s.bootStart...)
	b = strconv.AppendInt(b, int64(p.Status), 10)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, p.Path)
	b = append(b, `,"query":`...)
	b = appendStringMap(b, p.Query)
	b = append(b, `,"route":`...)
	if rj, ok := s.routeJSON[p.Route.ID]; ok {
		b = append(b, rj...)
	} else {
		m, _ := json.Marshal(RouteMatch{ID: p.Route.ID, Module: p.Route.Module, Screen: p.Route.Screen, Heading: p.Route.Heading})
		b = append(b, strings.TrimSuffix(string(m), "null}")...)
	}
	b = appendStringMap(b, p.Params)
	b = append(b, `},"layout":`...)
	b = appendJSONString(b, string(p.Route.Layout))
	b = append(b, `,"heading":`...)
	b = appendJSONString(b, p.Heading)
	b = append(b, s.routesJSON...)
	if p.Modules != nil && len(p.Overrides) > 0 {
		b = p.Modules.appendOverridden(b, p.Visitor, p.Overrides)
	} else if p.Modules != nil {
		b = p.Modules.appendJSON(b, p.Visitor)
	} else {
		b = append(b, "{}"...)
	}
	b = append(b, s.configJSON...)
	b = appendSession(b, p.Session)
	b = append(b, `,"csrf":`...)
	b = appendJSONString(b, p.CSRF)
	if p.Beacon != "" {
		b = append(b, `,"beacon":`...)
		b = appendJSONString(b, p.Beacon)
	}
	return append(b, '}')
}

func appendSession(b []byte, s Session) []byte {
	b = append(b, `{"signedIn":`...)
	b = strconv.AppendBool(b, s.SignedIn)
	b = append(b, `,"forcedSignOut":`...)
	b = strconv.AppendBool(b, s.ForcedSignOut)
	b = append(b, `,"loggedOut":`...)
	b = strconv.AppendBool(b, s.LoggedOut)
	b = append(b, `,"token":`...)
	if s.Token == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"provider":`...)
		b = appendJSONString(b, s.Token.Provider)
		b = append(b, `,"version":`...)
		b = appendJSONString(b, s.Token.Version)
		b = append(b, '}')
	}
	b = append(b, `,"hasCart":`...)
	b = strconv.AppendBool(b, s.HasCart)
	return append(b, '}')
}
