package page

import (
	"context"
	"testing"

	"github.com/henhouse/platform/edge/internal/routes"
)

type fakeNames struct{}

func (fakeNames) LocationNameByMenu(_ context.Context, mid string) (string, bool) {
	return "Bardstown Road", mid == "m1"
}
func (fakeNames) CategoryName(_ context.Context, mid, cid string) (string, bool) {
	return "Sides", mid == "m1" && cid == "sides"
}
func (fakeNames) ProductName(_ context.Context, mid, pid string) (string, bool) {
	return "Classic Tenders", mid == "m1" && pid == "tenders"
}

func TestHeadingRules(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		rule   routes.Heading
		path   string
		params map[string]string
		want   string
		ok     bool
	}{
		{routes.HeadingPath, "/", nil, "Page home", true},
		{routes.HeadingPath, "/account/signin/", nil, "Page account signin", true},
		{routes.HeadingMenu, "/menu/m1", map[string]string{"mid": "m1"}, "Menu page: Bardstown Road", true},
		{routes.HeadingMenu, "/menu/zz", map[string]string{"mid": "zz"}, "", false},
		{routes.HeadingCategory, "/menu/m1/category/sides", map[string]string{"mid": "m1", "cid": "sides"}, "Category page: Sides", true},
		{routes.HeadingCategory, "/menu/m1/category/zz", map[string]string{"mid": "m1", "cid": "zz"}, "", false},
		{routes.HeadingCategory, "/menu/category/sides", map[string]string{"cid": "sides"}, "Page menu category sides", true},
		{routes.HeadingProduct, "/menu/m1/product/tenders", map[string]string{"mid": "m1", "pid": "tenders"}, "Product page: Classic Tenders", true},
		{routes.HeadingProduct, "/menu/m1/product/zz", map[string]string{"mid": "m1", "pid": "zz"}, "", false},
		{routes.HeadingProduct, "/menu/m1/product", map[string]string{"mid": "m1"}, "Page menu m1 product", true},
	}
	for _, tc := range cases {
		got, ok := Heading(ctx, tc.rule, tc.path, tc.params, fakeNames{})
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: got %q,%v want %q,%v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
	if got, ok := Heading(ctx, routes.HeadingMenu, "/menu/x", map[string]string{"mid": "x"}, nil); got != "Page menu x" || !ok {
		t.Errorf("without names: %q %v", got, ok)
	}
}
