// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx), with
// slots the edge fills in from the catalogue it reads for the page's description:
// - the top of a product page: its photo, name and description;
// - the top of a menu page: the menu's name and location, the search and filters, the
//   first category in the category bar and the first section's heading, description and
//   daily window. The other categories and the products come with the menu's answer, to
//   the right of and under what is drawn, so nothing drawn moves. Only for a visitor
//   with no cart and no search in the address (whose menu top is another), and whose
//   chosen location, if any, is the one the edge shows the menu for (docs/menu.md, "The
//   top of the menu with the first paint").
// The rest of the page waits for the screen's answer, as the screen does.
import { prerenderBrand, prerenderScreen, slot, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { parseFilter } from '@henhouse/kit/menu/filter';
import { CategoryBar } from './menu/CategoryBar';
import { Filters } from './menu/Filters';
import { MenuHeader } from './menu/MenuHeader';
import { MenuSection, StartGroup } from './screens/Menu';
import { ProductHead } from './screens/Product';

const ignore = () => {};

export function renderScreens(): ScreenPrerenders {
  return {
    brandName: prerenderBrand,
    screens: {
      Product: {
        partial: true,
        layouts: {
          default: prerenderScreen(
            // The screen's outer element (Product.tsx, ProductForm) around its top.
            <div className="hh-menu hh-product" data-screen="mf-menu/Product">
              <ProductHead
                mid={slot('menu')}
                image={slot('image')}
                name={slot('name')}
                description={slot('description')}
                price={slot('price')}
                calories={slot('calories')}
              />
            </div>,
            `/menu/${slot('menu')}/product/${slot('product')}`,
            'default',
          ),
        },
      },
      Menu: {
        partial: true,
        // Only for a visitor with no location chosen: the screen's header then says so
        // and asks at the first Add (docs/menu.md, "Choosing a location"), as the copy does.
        when: ['noCart', 'noQuery', 'noLocation'],
        layouts: {
          default: prerenderScreen(
            // The screen's outer element and its top (Menu.tsx), the footer kept back.
            <div className="hh-menu" data-screen="mf-menu/Menu" data-screen-loading>
              <MenuHeader menuName={slot('menuname')} location={null} cart={null} />
              <StartGroup mid={slot('menu')} cart={null} withLocation={ignore} />
              <Filters filter={parseFilter({})} onChange={ignore} />
              <p className="hh-menu-count" role="status"></p>
              <CategoryBar
                categories={[{ id: slot('category'), name: slot('catname') }]}
                rendered={1}
                renderAll={ignore}
              />
              {/* "when" is empty for a category sold all day: menu.css hides it then. */}
              <MenuSection
                id={slot('category')}
                name={slot('catname')}
                description={slot('catdesc')}
                when={slot('catwhen')}
              />
            </div>,
            `/menu/${slot('menu')}`,
            'default',
          ),
        },
      },
    },
  };
}
