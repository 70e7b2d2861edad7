// /{brand}-{city}-jobs: the open roles at the restaurants of one city, grouped by
// restaurant, each with its pay, schedule, when it was posted and a link to apply on the
// careers site (docs/careers.md). The edge answers a city without a restaurant with the
// 404 page itself; the screen shows the same when the API says so.
import { money } from '@henhouse/kit/format';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import type { ScreenProps } from '@henhouse/kit/screen';
import { cityJobs } from '@henhouse/kit/api/careers';
import type { CareersCity, JobLocation, JobOpening } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { NotFound } from '@henhouse/kit/ui/NotFound';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import './jobs.css';

/** A city named by its slug, until the API says how it is written. */
const unslug = (s: string) => s.replace(/-+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** The location browse page of a city: /locations/oh/fort-wayne. */
const cityPath = (c: Pick<CareersCity, 'state' | 'slug'>) => `/locations/${c.state.toLowerCase()}/${c.slug}`;

/** payRange: "$16.50–$19.50 an hour", "$52,000–$62,000 a year"; cents only when there are some. */
export function payRange(pay: JobOpening['pay']): string {
  const whole = pay.min_cents % 100 === 0 && pay.max_cents % 100 === 0;
  // Dollars are written by kit's money(): an Intl object would load the browser's locale
  // data (≈ 180 ms at 4× CPU) in the list's render (docs/shell.md, "First-load budget").
  const format =
    pay.currency === 'USD'
      ? (cents: number) => (whole ? money(cents).replace(/\.00$/, '') : money(cents))
      : (cents: number) =>
          new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency: pay.currency,
            minimumFractionDigits: whole ? 0 : 2,
            maximumFractionDigits: whole ? 0 : 2,
          }).format(cents / 100);
  const range =
    pay.min_cents === pay.max_cents ? format(pay.min_cents) : `${format(pay.min_cents)}–${format(pay.max_cents)}`;
  return `${range} ${pay.unit === 'year' ? 'a year' : 'an hour'}`;
}

/** The calendar day of an RFC 3339 time in UTC, as days since the epoch. */
const utcDay = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
/** Today's calendar day where the guest is, on the same count. */
const localDay = (now: Date) => Math.floor(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000);

/** postedAgo: "today", "yesterday", "3 days ago"; past two weeks the date ("on November 2, 2026"). */
export function postedAgo(postedAt: string, now: Date = new Date()): string {
  const days = localDay(now) - utcDay(postedAt);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days <= 14) return `${days} days ago`;
  // Written out rather than with toLocaleDateString, whose first use loads the browser's
  // locale data (≈ 180 ms at 4× CPU) in the list's render (docs/shell.md, "First-load budget").
  const d = new Date(postedAt);
  return `on ${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const employment = { full_time: 'Full time', part_time: 'Part time' } as const;

/** shiftList: ["morning", "evening"] → "Morning, evening". */
export function shiftList(words: string[]): string {
  const s = words.join(', ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** roleCount: "1 open role", "5 open roles". */
export const roleCount = (n: number) => (n === 1 ? '1 open role' : `${n} open roles`);

/**
 * An opening as the page words it. The edge writes the first opening of a city in these
 * words into the page's prerendered copy (src/prerender.tsx), so the screen and its copy
 * draw it with the same components; edge/internal/pages/testdata/jobs-screen.json holds
 * the cases both sides are tested against. `posted` is missing in the copy: it counts
 * days on the guest's own calendar, which the edge does not know.
 */
export interface OpeningWords {
  id: string;
  title: string;
  pay: string;
  type: string;
  schedule: string;
  shifts: string;
  posted?: { date: string; ago: string };
  description: string;
  applyUrl: string;
  place: string;
}

function openingWords(o: JobOpening): OpeningWords {
  return {
    id: o.id,
    title: o.title,
    pay: payRange(o.pay),
    type: employment[o.employment_type],
    schedule: o.schedule,
    shifts: shiftList(o.shifts),
    posted: { date: o.posted_at.slice(0, 10), ago: postedAgo(o.posted_at) },
    description: o.description,
    applyUrl: o.apply_url,
    place: o.location.name,
  };
}

export function Opening({ opening: o }: { opening: OpeningWords }) {
  const id = `job-${o.id}`;
  return (
    <li className="hh-job">
      <article aria-labelledby={id}>
        <h4 id={id} className="hh-job__title">
          {o.title}
        </h4>
        <dl className="hh-job__facts">
          <div>
            <dt>Pay</dt>
            <dd>{o.pay}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{o.type}</dd>
          </div>
          <div>
            <dt>Schedule</dt>
            <dd>{o.schedule}</dd>
          </div>
          <div>
            <dt>Shifts</dt>
            <dd>{o.shifts}</dd>
          </div>
        </dl>
        {/* Without its day the line keeps its place, empty, so nothing under it moves
            when the screen writes it. */}
        <p className="hh-job__posted">
          {o.posted ? (
            <>
              Posted <time dateTime={o.posted.date}>{o.posted.ago}</time>
            </>
          ) : (
            '\u00a0'
          )}
        </p>
        <p className="hh-job__description">{o.description}</p>
        <a className="hh-button hh-button--primary hh-job__apply" href={o.applyUrl} target="_blank" rel="noopener">
          Apply
          <span className="visually-hidden">
            {' '}
            for {o.title} at {o.place} (opens in a new tab)
          </span>
        </a>
      </article>
    </li>
  );
}

export function LocationOpenings({ location, children }: { location: JobLocation; children: ReactNode }) {
  const id = `jobs-at-${location.id}`;
  const a = location.address;
  return (
    <section className="hh-jobs__location" aria-labelledby={id}>
      <h3 id={id}>{location.name}</h3>
      <p className="hh-jobs__address">
        {a.street}, {a.city}, {a.state} {a.zip}
      </p>
      <ul className="hh-jobs__list" aria-label={`Open roles at ${location.name}`}>
        {children}
      </ul>
    </section>
  );
}

export function RoleCount({ roles, city }: { roles: string; city: string }) {
  return (
    <p className="hh-jobs__count">
      {roles} at our restaurants in {city}.
    </p>
  );
}

function CareersLink({ city }: { city: CareersCity }) {
  return (
    <a href={city.careers_url} target="_blank" rel="noopener">
      See every job on our careers site<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function CityJobs({ city }: { city: CareersCity }) {
  if (city.openings.length === 0) {
    return (
      <div className="hh-jobs__none">
        <p>No open roles in {city.name} right now.</p>
        <ul className="hh-jobs__links">
          <li>
            <CareersLink city={city} />
          </li>
          <li>
            <Link to={cityPath(city)}>
              Our restaurants in {city.name}, {city.state}
            </Link>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <>
      <RoleCount roles={roleCount(city.openings.length)} city={city.name} />
      {city.locations.map((l) => {
        const here = city.openings.filter((o) => o.location.id === l.id);
        return (
          here.length > 0 && (
            <LocationOpenings key={l.id} location={l}>
              {here.map((o) => (
                <Opening key={o.id} opening={openingWords(o)} />
              ))}
            </LocationOpenings>
          )
        );
      })}
      <p className="hh-jobs__more">
        <CareersLink city={city} />
      </p>
    </>
  );
}

export default function Jobs({ params }: ScreenProps) {
  const slug = params.city ?? '';
  const jobs = useLoad(`jobs:${slug}`, (signal) => cityJobs(slug, signal).then((r) => r.city));
  const title = jobs.status === 'ready' ? `Jobs in ${jobs.data.name}, ${jobs.data.state}` : `Jobs in ${unslug(slug)}`;
  // The city's name names the document, as the edge names it on a first load.
  const { pathname } = useLocation();
  const named = jobs.status === 'ready' ? title : null;
  useEffect(() => {
    if (named) useAppStore.getState().set({ pageTitle: { path: pathname, title: named } });
  }, [named, pathname]);
  if (jobs.status === 'error' && jobs.error.status === 404) return <NotFound />;
  return (
    <ScreenFrame name="mf-content/Jobs" title={title} loading={jobs.status === 'loading'}>
      <div className="hh-jobs">
        {jobs.status === 'loading' && <Loading what="open roles" />}
        {jobs.status === 'error' && <LoadFailed className="hh-jobs__error" error={jobs.error} retry={jobs.retry} />}
        {jobs.status === 'ready' && <CityJobs city={jobs.data} />}
      </div>
    </ScreenFrame>
  );
}
