import { render, screen } from '@testing-library/react';
import { LocationMap } from './LocationMap';
import type { LocationMapProps } from './types';

// Leaflet cannot lay out in jsdom: the lazy chunk is a stand-in that says it loaded.
const loaded = jest.fn();
jest.mock('./LeafletMap', () => ({
  __esModule: true,
  default: ({ label }: { label: string }) => {
    loaded();
    return <div role="region" aria-label={label} />;
  },
}));
jest.mock('@henhouse/kit/ui/firstScreen', () => ({ firstScreen: Promise.resolve() }));

const props: LocationMapProps = {
  markers: [],
  view: { key: 0, kind: 'initial' },
  selected: null,
  onSelect: () => {},
  label: 'Map of locations',
};
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('LocationMap', () => {
  beforeEach(() => loaded.mockClear());

  it('loads the map once the first screen is shown', async () => {
    render(<LocationMap {...props} />);
    expect(await screen.findByRole('region', { name: 'Map of locations' })).toBeInTheDocument();
  });

  it('does not load the map while the screen holds it back, and keeps it once loaded', async () => {
    const { rerender } = render(<LocationMap {...props} hold />);
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    rerender(<LocationMap {...props} hold={false} />);
    expect(await screen.findByRole('region', { name: 'Map of locations' })).toBeInTheDocument();

    rerender(<LocationMap {...props} hold />);
    await settle();
    expect(screen.getByRole('region', { name: 'Map of locations' })).toBeInTheDocument();
  });

  it('waits while a dialog covers the page (the welcome popup), and loads once it is closed', async () => {
    const popup = document.createElement('dialog');
    popup.setAttribute('open', '');
    document.body.appendChild(popup);
    try {
      render(<LocationMap {...props} />);
      // Long enough for the map to have loaded were the page not covered (the frame, then a task).
      await new Promise((r) => setTimeout(r, 300));
      expect(loaded).not.toHaveBeenCalled();
      expect(screen.queryByRole('region')).not.toBeInTheDocument();

      popup.removeAttribute('open'); // the guest closes it
      expect(await screen.findByRole('region', { name: 'Map of locations' })).toBeInTheDocument();
    } finally {
      popup.remove();
    }
  });
});
