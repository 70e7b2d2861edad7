import { startTransition } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ApiError } from '@henhouse/kit/api/client';
import { useLoad } from './useLoad';

function Show({ id, load }: { id: string; load: (signal: AbortSignal) => Promise<string> }) {
  const r = useLoad(id, load);
  if (r.status === 'loading') return <p>Loading…</p>;
  if (r.status === 'error') return <p role="alert">{r.error.message}</p>;
  return <p>{r.data}</p>;
}

// React's startTransition, watched: the answer's render must be one.
jest.mock('react', () => {
  const actual = jest.requireActual('react');
  return { ...actual, startTransition: jest.fn(actual.startTransition) };
});
const transition = jest.mocked(startTransition);

describe('useLoad', () => {
  it('shows loading, then the answer, rendered as a transition', async () => {
    let answer: (s: string) => void = () => {};
    render(<Show id="a" load={() => new Promise((r) => (answer = r))} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const before = transition.mock.calls.length;
    await act(async () => answer('Biscuits'));
    expect(screen.getByText('Biscuits')).toBeInTheDocument();
    expect(transition.mock.calls.length).toBe(before + 1);
  });

  it('renders the answer at once when asked to (urgent)', async () => {
    function Urgent() {
      const r = useLoad('u', () => Promise.resolve('Gravy'), { urgent: true });
      return <p>{r.status === 'ready' ? r.data : 'Loading…'}</p>;
    }
    render(<Urgent />);
    const before = transition.mock.calls.length;
    expect(await screen.findByText('Gravy')).toBeInTheDocument();
    expect(transition.mock.calls.length).toBe(before);
  });

  it('shows a failure as an ApiError', async () => {
    render(<Show id="a" load={() => Promise.reject(new ApiError(503, 'unavailable', 'The menu is unavailable.'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The menu is unavailable.');
  });

  it('ignores the answer of a key it has left', async () => {
    const answers: Record<string, (s: string) => void> = {};
    const load = (id: string) => () => new Promise<string>((r) => (answers[id] = r));
    const { rerender } = render(<Show id="a" load={load('a')} />);
    rerender(<Show id="b" load={load('b')} />);
    await act(async () => answers.a('Old'));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => answers.b('New'));
    expect(screen.getByText('New')).toBeInTheDocument();
  });
});
