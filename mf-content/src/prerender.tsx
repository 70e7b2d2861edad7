// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the top
// of a city's jobs page, its title, its count of open roles and the first opening of its
// first restaurant, with slots the edge fills in from the careers data it reads for the
// page's description (edge/internal/server/jobspage.go). The rest of the page waits for
// the jobs' answer, as the screen does.
import { prerenderBrand, prerenderScreen, slot, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { LocationOpenings, Opening, RoleCount } from './screens/Jobs';

export function renderScreens(): ScreenPrerenders {
  const city = slot('city');
  return {
    brandName: prerenderBrand,
    screens: {
      Jobs: {
        partial: true,
        layouts: {
          default: prerenderScreen(
            // As the screen (Jobs.tsx, CityJobs) draws a city with openings, down to the
            // first one.
            <ScreenFrame name="mf-content/Jobs" title={`Jobs in ${city}, ${slot('state')}`}>
              <div className="hh-jobs">
                <RoleCount roles={slot('roles')} city={city} />
                <LocationOpenings
                  location={{
                    id: slot('place'),
                    name: slot('placename'),
                    address: { street: slot('street'), city: slot('town'), state: slot('region'), zip: slot('zip') },
                  }}
                >
                  <Opening
                    opening={{
                      id: slot('job'),
                      title: slot('title'),
                      pay: slot('pay'),
                      type: slot('type'),
                      schedule: slot('schedule'),
                      shifts: slot('shifts'),
                      description: slot('description'),
                      applyUrl: slot('apply'),
                      place: slot('placename'),
                    }}
                  />
                </LocationOpenings>
              </div>
            </ScreenFrame>,
            `/${prerenderBrand.toLowerCase()}-${slot('slug')}-jobs`,
            'default',
          ),
        },
      },
    },
  };
}
