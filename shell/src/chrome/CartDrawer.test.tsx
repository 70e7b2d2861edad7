import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { CartDrawer } from './CartDrawer';

jest.mock('../federation/RemoteScreen', () => ({
  RemoteScreen: ({ module, screen }: { module: string; screen: string }) => (
    <div data-testid="contents">{`${module}/${screen}`}</div>
  ),
}));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
function mount(at = '/catering') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <CartDrawer />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useAppStore.getState().reset(['ui']);
  document.body.className = '';
});

describe('cart drawer frame', () => {
  it('opens with "Your Cart", loads its contents from mf-checkout, and locks page scroll until closed', () => {
    mount();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('contents')).toHaveTextContent('mf-checkout/CartDrawer');
    expect(document.body).toHaveClass('hh-scroll-locked');
    fireEvent.click(screen.getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveClass('hh-scroll-locked');
  });

  it.each([
    ['Back to Menu', '/menu'],
    ['Change Location', '/locations'],
  ])('"%s" goes to %s and closes the cart', (label, to) => {
    mount();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(label) }));
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${to}$`));
    expect(useAppStore.getState().ui.cartOpen).toBe(false);
    expect(document.body).not.toHaveClass('hh-scroll-locked');
  });

  it('has the mobile label "Change" beside the desktop label', () => {
    mount();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    expect(screen.getByText('Change', { selector: '.hh-only-mobile' })).toBeInTheDocument();
    expect(screen.getByText('Change Location', { selector: '.hh-only-desktop' })).toBeInTheDocument();
  });

  it('Escape closes it', () => {
    mount();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(useAppStore.getState().ui.cartOpen).toBe(false);
  });

  it('a click on the backdrop closes it, a click inside does not', () => {
    mount();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    fireEvent.click(screen.getByRole('heading', { name: 'Your Cart' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
    fireEvent.click(screen.getByRole('dialog'));
    expect(useAppStore.getState().ui.cartOpen).toBe(false);
  });
});
