// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the
// location search opens the same for every visitor who has not searched for an address
// (the search box, the choice of pickup, curbside or delivery, the map's frame and the
// results' heading), so its first render comes with the page's first paint. The results
// wait for the search, as on the screen.
import { prerenderBrand, prerenderScreen, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import Search from './screens/Search';

export function renderScreens(): ScreenPrerenders {
  return {
    brandName: prerenderBrand,
    screens: {
      Search: {
        // An address in the address bar (a search sent without JavaScript, Back from a
        // menu) is in the search box of the screen's first render: no copy for it.
        when: ['noQuery'],
        partial: true,
        layouts: {
          default: prerenderScreen(
            <Search routeId="locations" params={{}} query={{}} layout="default" />,
            '/locations',
            'default',
          ),
        },
      },
    },
  };
}
