// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the top
// of a product page, its photo, name and description, with slots the edge fills in from
// the catalogue it reads for the page's description. The rest of the page waits for the
// product's answer, as the screen does.
import { prerenderBrand, prerenderScreen, slot, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { ProductHead } from './screens/Product';

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
              />
            </div>,
            `/menu/${slot('menu')}/product/${slot('product')}`,
            'default',
          ),
        },
      },
    },
  };
}
