// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the top
// of a city's jobs page, its title, its count of open roles and the first opening of its
// first restaurant, with slots the edge fills in from the careers data it reads for the
// page's description (edge/internal/pages/jobs.go). The rest of the page waits for
// the jobs' answer, as the screen does. And the top of a content page that opens with a
// hero (its title, text, up to two buttons and picture) from the page the edge reads for
// its description (edge/internal/pages/content.go, heroSlots); the blocks after it
// wait for the page's answer.
import { prerenderBrand, prerenderScreen, slot, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { LocationOpenings, Opening, RoleCount } from './screens/Jobs';
import { Hero } from './blocks/Blocks';
import type { ButtonBlock } from '@henhouse/kit/ui/ContentButton';

/** A button of the hero's copy; the edge fills its slots, prefix `first` or `second`. A
 *  button it leaves without text is not shown (content.css). */
const heroButton = (n: 'first' | 'second'): ButtonBlock => ({
  text: slot(`${n}text`),
  variant: slot(`${n}variant`) as ButtonBlock['variant'],
  size: slot(`${n}size`) as ButtonBlock['size'],
  link: { cached_url: '', linktype: 'story' },
});

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
      ContentPage: {
        partial: true,
        when: ['signedOut'],
        layouts: {
          default: prerenderScreen(
            // As ContentPage.tsx draws a page whose first block (for a guest) is a hero.
            <article className="hh-content" data-screen="mf-content/ContentPage" data-slug={slot('slug')}>
              <h2 className="visually-hidden">{slot('pagetitle')}</h2>
              <Hero
                title={slot('title')}
                text={slot('text')}
                image={{ filename: slot('image'), alt: slot('alt'), width: slot('width'), height: slot('height') }}
                cta={[heroButton('first'), heroButton('second')]}
              />
            </article>,
            '/',
            'default',
          ),
        },
      },
    },
  };
}
