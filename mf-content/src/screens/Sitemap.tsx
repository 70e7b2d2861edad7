import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { getSlugs } from '@henhouse/kit/api/content';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { Loading } from '@henhouse/kit/ui/Status';

const sitePages: [string, string][] = [
  ['/', 'Home'],
  ['/locations', 'Find a location'],
  ['/locations/all', 'All locations'],
  ['/menu', 'Menu'],
  ['/account', 'Your account'],
  ['/account/signin', 'Sign in'],
  ['/account/signup', 'Sign up'],
  ['/contact', 'Contact'],
  ['/typography', 'Typography'],
];

function titleOf(slug: string): string {
  return slug
    .split(/[-/]/)
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export default function Sitemap(_props: ScreenProps) {
  // The site's own pages list without the content service; a failure shows in the error dialog.
  const slugs = useLoad('slugs', getSlugs, { report: 'dialog' });
  // The list is shown whole, once the content pages are known (or failed to come): a
  // list that grew under the guest's eyes would push the page down.
  if (slugs.status === 'loading')
    return (
      <ScreenFrame name="mf-content/Sitemap" title="Sitemap" loading>
        <Loading what="the site's pages" />
      </ScreenFrame>
    );
  return (
    <ScreenFrame name="mf-content/Sitemap" title="Sitemap">
      <ul>
        {sitePages.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
        {slugs.status === 'ready' &&
          slugs.data.slugs
            .filter((s) => s !== 'home')
            .map((s) => (
              <li key={s}>
                <Link to={`/${s}`}>{titleOf(s)}</Link>
              </li>
            ))}
      </ul>
    </ScreenFrame>
  );
}
