import { fireEvent, render, screen, within } from '@testing-library/react';
import { storeWith } from '@henhouse/kit/test/harness';
import { MemoryRouter } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { MobileMenu } from './MobileMenu';

const mount = () =>
  render(
    <MemoryRouter>
      <MobileMenu careersUrl="https://careers.example" />
    </MemoryRouter>,
  );

beforeEach(() => useAppStore.getState().reset(['user', 'members', 'ui']));

describe('mobile menu', () => {
  it('lists Account, Locations, Menu, Catering, Careers, Rewards, About', () => {
    const { container } = mount();
    const list = container.querySelector('ul')!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent?.replace(' (opens in a new tab)', '')),
    ).toEqual(['Account', 'Locations', 'Menu', 'Catering', 'Careers', 'Rewards', 'About']);
  });

  it('offers "Sign in" and "Order Now" when signed out', () => {
    mount();
    expect(screen.getByRole('heading', { name: 'Rewards' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin');
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/menu');
    expect(screen.queryByText('Welcome back,')).toBeNull();
  });

  it('greets members with their balance in Pts and sets the account section', () => {
    storeWith({ user: { id: 'u1' }, members: { points: 320 } });
    mount();
    expect(screen.getByText('Welcome back,')).toBeInTheDocument();
    const balance = screen.getByRole('link', { name: 'Balance 320 Pts' });
    expect(balance).toHaveAttribute('href', '/account?section=user-info');
    const rewards = screen
      .getAllByRole('link', { name: 'Rewards' })
      .find((a) => a.getAttribute('href') === '/account?section=rewards-single')!;
    fireEvent.click(rewards);
    expect(useAppStore.getState().ui.accountSection).toBe('rewards-single');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
