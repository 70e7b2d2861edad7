import { fireEvent, render, screen } from '@testing-library/react';
import { mockApi, resetStore, storeWith } from '@henhouse/kit/test/harness';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { ContentButton, contentButtonHref, type ButtonBlock } from '@henhouse/kit/ui/ContentButton';
import { TopSellers, orderNowHref, type TopSellersBlock } from './TopSellers';
import { Blocks } from './Blocks';
import type { ContentBlock } from '@henhouse/kit/api/types';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function inRouter(ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const btn = (over: Partial<ButtonBlock>): ButtonBlock => ({
  text: 'Go',
  link: { cached_url: 'catering', linktype: 'story' },
  ...over,
});

describe('content button', () => {
  it.each([
    [{ cached_url: 'catering', linktype: 'story' }, undefined, '/catering'],
    [{ cached_url: '/rewards', linktype: 'story' }, undefined, '/rewards'],
    [{ cached_url: 'contact', linktype: 'story' }, 'topic=franchising', '/contact?topic=franchising'],
  ])('%p with param %p goes to %s', (link, param, want) => {
    expect(contentButtonHref({ link, param })).toBe(want);
  });

  it('renders a url link as an external link', () => {
    inRouter(
      <ContentButton block={btn({ text: 'Apply', link: { cached_url: 'https://jobs.example/x', linktype: 'url' } })} />,
    );
    const a = screen.getByRole('link', { name: 'Apply' });
    expect(a).toHaveAttribute('href', 'https://jobs.example/x');
    expect(a).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('navigates to /{cached_url} on click', () => {
    inRouter(<ContentButton block={btn({ text: 'Catering' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Catering' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/catering');
  });

  it('emits the named event instead of navigating when one is set', () => {
    const seen = jest.fn();
    window.addEventListener('open-estimator', seen);
    inRouter(<ContentButton block={btn({ text: 'Estimate', emit_event: 'open-estimator' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('can be disabled', () => {
    inRouter(<ContentButton block={btn({ text: 'Soon', disabled: true })} />);
    expect(screen.getByRole('button', { name: 'Soon' })).toBeDisabled();
  });
});

describe('top sellers block', () => {
  const block: TopSellersBlock = {
    component: 'top_sellers',
    title: 'Top Sellers',
    products: [
      { image: { filename: '/t.svg', alt: '' }, title: 'Tenders', description: 'Crispy', cta: [] },
      {
        image: { filename: '/b.svg', alt: '' },
        title: 'Bucket',
        description: 'Twelve pieces',
        cta: [btn({ text: 'Feed the family', link: { cached_url: 'menu', linktype: 'story' } })],
      },
    ],
  };
  beforeEach(() => useAppStore.getState().reset(['location', 'user']));

  it('"Order now" goes to /locations without a location, /menu/{menu_id} with one', () => {
    expect(orderNowHref(null)).toBe('/locations');
    expect(orderNowHref({ menu_id: 'm-42' })).toBe('/menu/m-42');
    inRouter(<TopSellers block={block} />);
    expect(screen.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/locations');
  });

  it('uses a card’s own button when it has one', () => {
    inRouter(<TopSellers block={block} />);
    expect(screen.getAllByRole('link', { name: 'Order now' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Feed the family' })).toBeInTheDocument();
  });

  it("takes its layout's class: the compact 'pages' cards on content pages, 'default' without one", () => {
    const { container, unmount } = inRouter(<TopSellers block={{ ...block, layout: 'pages' }} />);
    expect(container.querySelector('section')).toHaveClass('hh-top-sellers', 'hh-top-sellers--pages');
    unmount();
    const plain = inRouter(<TopSellers block={block} />);
    expect(plain.container.querySelector('section')).toHaveClass('hh-top-sellers--default');
  });

  it('is hidden for signed-in visitors when shown to no-user only', () => {
    storeWith({ user: { id: 'u1' } });
    inRouter(<TopSellers block={{ ...block, show: 'no-user' }} />);
    expect(screen.queryByRole('heading', { name: 'Top Sellers' })).toBeNull();
  });
});

describe('who sees a block', () => {
  beforeEach(() => resetStore());
  const cta = [
    btn({ text: 'Join now', link: { cached_url: 'account/signup', linktype: 'story' } }),
    btn({ text: 'Sign in', link: { cached_url: '/account/signin', linktype: 'story' } }),
    btn({ text: 'Order now', link: { cached_url: 'locations', linktype: 'story' } }),
  ];
  const hero: ContentBlock = { component: 'hero', title: 'Henhouse Rewards', text: 'Earn points on every order.', cta };
  const forMembers = {
    component: 'rewards',
    title: 'Your rewards',
    text: 'Spend your points.',
    show: 'user',
  } as ContentBlock;
  const forGuests = { component: 'rewards', title: 'Join us', text: 'Earn points.', show: 'no-user' } as ContentBlock;

  it('a guest sees the join and sign-in buttons and the blocks for guests, not those for members', () => {
    inRouter(<Blocks blocks={[hero, forMembers, forGuests]} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Join now', 'Sign in', 'Order now']);
    expect(screen.getByRole('heading', { name: 'Join us' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your rewards' })).toBeNull();
  });

  it('a member sees neither join nor sign-in, and the blocks for members instead of those for guests', () => {
    storeWith({ user: { id: 'u1' } });
    inRouter(<Blocks blocks={[hero, forMembers, forGuests]} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Order now']);
    expect(screen.getByRole('heading', { name: 'Your rewards' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Join us' })).toBeNull();
  });

  it('a hero whose only buttons are for guests has no button row for a member', () => {
    storeWith({ user: { id: 'u1' } });
    const { container } = inRouter(<Blocks blocks={[{ ...hero, cta: cta.slice(0, 2) }]} />);
    expect(screen.getByRole('heading', { name: 'Henhouse Rewards' })).toBeInTheDocument();
    expect(container.querySelector('.hh-block__actions')).toBeNull();
  });
});

describe('top sellers images', () => {
  it("reserve the image's box from its size in the content data, at the card's width", () => {
    const block = {
      component: 'top_sellers',
      products: [
        { title: 'Wide', description: '', image: { filename: '/w.svg', alt: 'wide', width: 480, height: 320 } },
        { title: 'Unsized', description: '', image: { filename: '/u.svg', alt: 'unsized' } },
      ],
    } as unknown as TopSellersBlock;
    inRouter(<TopSellers block={block} />);
    const wide = screen.getByRole('img', { name: 'wide' });
    expect([wide.getAttribute('width'), wide.getAttribute('height')]).toEqual(['240', '160']);
    const unsized = screen.getByRole('img', { name: 'unsized' });
    expect([unsized.getAttribute('width'), unsized.getAttribute('height')]).toEqual(['240', '180']);
  });
});

describe('catering blocks', () => {
  it('say they are loading, then show the block once its code has come', async () => {
    mockApi({ 'GET /catering': { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } } });
    inRouter(<Blocks blocks={[{ component: 'catering_estimator', title: 'How much do I need?' }]} />);
    expect(screen.getByText('Loading the catering estimator…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How much do I need?' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the catering estimator…')).not.toBeInTheDocument();
  });
});
