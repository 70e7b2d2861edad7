import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { CartDrawer, ErrorDialog, ForcedSignOut, MobileMenu } from './lazy';

jest.mock('../federation/RemoteScreen', () => ({ RemoteScreen: () => <p>cart lines</p> }));

const mount = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => useAppStore.getState().reset(['errors', 'ui']));

describe('chrome loaded when first needed', () => {
  it('the error dialog shows when there is an error, and closes with Okay', async () => {
    mount(<ErrorDialog />);
    expect(screen.queryByText('Heads-up!')).toBeNull();
    act(() => useAppStore.getState().set({ errors: 'The kitchen is closed.' }));
    expect(await screen.findByText('The kitchen is closed.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByText('Heads-up!')).toBeNull();
    // Shown again at once: it stays loaded and mounted.
    act(() => useAppStore.getState().set({ errors: ['Again.'] }));
    expect(screen.getByText('Again.')).toBeInTheDocument();
  });

  it('the forced sign-out dialog shows when the session is invalidated', async () => {
    mount(<ForcedSignOut />);
    expect(screen.queryByText('Signed out')).toBeNull();
    act(() => useAppStore.getState().setUi({ forcedSignOut: true }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('the cart drawer opens with its header and the cart, and closes', async () => {
    mount(<CartDrawer />);
    expect(screen.queryByTestId('cart-drawer')).toBeNull();
    act(() => useAppStore.getState().setUi({ cartOpen: true }));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText('cart lines')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByTestId('cart-drawer')).toBeNull();
  });

  it('the mobile menu renders its entries', async () => {
    mount(<MobileMenu careersUrl="https://careers.example" />);
    expect(await screen.findByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });
});
