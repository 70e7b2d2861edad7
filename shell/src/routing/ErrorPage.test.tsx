import { render, screen } from '@testing-library/react';
import { PageErrorBoundary } from './ErrorPage';

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('error pages', () => {
  it("shows the error's message with status 500 by default", () => {
    render(
      <PageErrorBoundary>
        <Boom message="Menu unavailable" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Menu unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveAttribute('data-status', '500');
  });
  it('shows "Error" when there is no message', () => {
    render(
      <PageErrorBoundary>
        <Boom message="" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
  });
  it('falls back when the error page itself fails', () => {
    render(
      <PageErrorBoundary renderError={() => <Boom message="again" />}>
        <Boom message="first" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'An error occurred while showing the error page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
  });
});
