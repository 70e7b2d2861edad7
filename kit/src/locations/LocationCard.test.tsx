import { render, screen, within } from '@testing-library/react';
import { LocationCard } from './LocationCard';
import { louisville } from './test/fixtures';

// Tuesday 2030-01-15, noon in Louisville.
beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-15T17:00:00Z') }));
afterEach(() => jest.useRealTimers());

/** The text a screen reader meets: aria-hidden parts left out. */
function spoken(el: Element): string {
  const walk = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
    if (n instanceof Element && n.getAttribute('aria-hidden') === 'true') return '';
    return [...n.childNodes].map(walk).join('');
  };
  return walk(el).replace(/\s+/g, ' ').trim();
}

describe('LocationCard', () => {
  it('shows the name, address, a phone link, open now with today’s hours and the distance, separated by "•"', () => {
    const { container } = render(<LocationCard location={louisville({ distance_miles: 0.43 })} />);
    const card = container.firstElementChild!;
    expect(card).toHaveTextContent(
      'Henhouse Louisville9838 Madison Ave, Apt 2, Louisville, KY 40202(502) 555-0142 • Open now • 10:30 AM – 10:00 PM • 0.4 mi',
    );
    expect(screen.getByRole('link', { name: '(502) 555-0142' })).toHaveAttribute('href', 'tel:+15025550142');
    expect(screen.getByText('Henhouse Louisville').tagName).toBe('P');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('hides the separators from screen readers', () => {
    const { container } = render(<LocationCard location={louisville({ distance_miles: 12.4 })} />);
    const seps = container.querySelectorAll('.hh-loc-card__sep');
    expect(seps).toHaveLength(3);
    seps.forEach((s) => expect(s).toHaveAttribute('aria-hidden', 'true'));
    expect(spoken(container)).not.toContain('•');
    expect(spoken(container)).toContain('(502) 555-0142 Open now 10:30 AM – 10:00 PM 12 mi');
  });

  it('says closed now and when it opens', () => {
    jest.setSystemTime(new Date('2030-01-15T14:00:00Z')); // 9 AM
    render(<LocationCard location={louisville()} />);
    expect(screen.getByText('Closed now')).toHaveClass('hh-loc-card__status--closed');
    expect(screen.getByText('Opens 10:30 AM')).toBeInTheDocument();
  });

  it('leaves out the distance when there is none, and the services unless asked', () => {
    const { container, rerender } = render(<LocationCard location={louisville()} />);
    expect(container).not.toHaveTextContent(/ mi$/);
    expect(container).not.toHaveTextContent('Pickup');
    rerender(<LocationCard location={louisville()} showServices />);
    const services = container.querySelector('.hh-loc-card__services')!;
    expect(services).toHaveTextContent('Services: Pickup • Delivery');
    expect(spoken(services)).toBe('Services: Pickup Delivery');
  });

  it('names the location as a heading of the level asked, labelling the card', () => {
    render(
      <ul>
        <li>
          <LocationCard location={louisville()} headingLevel={3} id="loc-ky-louisville" selected>
            <button type="button" aria-describedby="loc-ky-louisville-name">
              Choose
            </button>
          </LocationCard>
        </li>
      </ul>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Henhouse Louisville' });
    expect(heading).toHaveAttribute('id', 'loc-ky-louisville-name');
    const card = document.getElementById('loc-ky-louisville')!;
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(card).toHaveClass('hh-loc-card--selected');
    // Actions come after the details.
    const button = within(card).getByRole('button', { name: 'Choose' });
    expect(button).toHaveAccessibleDescription('Henhouse Louisville');
    expect(card.lastElementChild).toContainElement(button);
  });

  it('is not marked current when not selected, and takes a class', () => {
    const { container } = render(<LocationCard location={louisville()} className="wide" />);
    expect(container.firstElementChild).not.toHaveAttribute('aria-current');
    expect(container.firstElementChild).toHaveClass('hh-loc-card', 'wide');
    expect(container.querySelector('.hh-loc-card__actions')).toBeNull();
  });
});
