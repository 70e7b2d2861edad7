import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { ForcedSignOut, forcedSignOutMessage } from './ForcedSignOut';
import { ErrorDialog, errorMessages } from './ErrorDialog';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
function mount(ui: React.ReactNode, at = '/account') {
  return render(
    <MemoryRouter initialEntries={[at]}>
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

beforeEach(() => useAppStore.getState().reset(['errors', 'ui']));

describe('forced sign-out dialog', () => {
  it.each([
    ['Sign In', '/account/signin'],
    ['Dismiss', '/'],
  ])('shows the exact message; "%s" goes to %s', (button, to) => {
    mount(<ForcedSignOut />);
    expect(screen.queryByText(forcedSignOutMessage)).toBeNull();
    act(() => useAppStore.getState().setUi({ forcedSignOut: true }));
    expect(
      screen.getByText(
        "For your security you've been signed out. Please sign in again to continue. This may be required when you're accessing your account from multiple devices or there is something different about your most recent sign in attempt. Thanks for your understanding!",
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${to}$`));
    expect(useAppStore.getState().ui.forcedSignOut).toBe(false);
  });
});

describe('global error dialog', () => {
  it.each([
    [null, []],
    ['', []],
    [[], []],
    [{}, []],
    ['Store is closed', ['Store is closed']],
    [
      ['A', 'B'],
      ['A', 'B'],
    ],
    [{ message: 'Out of biscuits' }, ['Out of biscuits']],
  ])('%p shows %p', (errors, lines) => {
    expect(errorMessages(errors as never)).toEqual(lines);
  });

  it('titles "Heads-up!" and closes with "Okay"', () => {
    mount(<ErrorDialog />);
    act(() => useAppStore.getState().set({ errors: 'Store is closed' }));
    expect(screen.getByRole('heading', { name: 'Heads-up!' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(useAppStore.getState().errors).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Heads-up!' })).toBeNull();
  });

  it("offers a product error's primary and secondary actions", () => {
    const secondary = jest.fn();
    mount(<ErrorDialog />);
    act(() =>
      useAppStore.getState().set({
        errors: {
          message: 'Pick a size first',
          primary: { label: 'Choose size', href: '/menu/m1/product/p1' },
          secondary: { label: 'Keep shopping', onClick: secondary },
        },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Okay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose size' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/menu/m1/product/p1');
    act(() =>
      useAppStore.getState().set({
        errors: { message: 'x', primary: { label: 'P' }, secondary: { label: 'Keep shopping', onClick: secondary } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep shopping' }));
    expect(secondary).toHaveBeenCalledTimes(1);
  });
});
