import { fireEvent, render, screen } from '@testing-library/react';
import type { ScreenModule, ScreenProps } from '@henhouse/kit/screen';
import { loadScreen } from './remotes';
import { connect, report, type TelemetryEvent } from '../telemetry/queue';
import { RemoteScreen } from './RemoteScreen';

jest.mock('./remotes', () => ({ loadScreen: jest.fn(), moduleVersions: () => ({ 'mf-menu': '1.2.0' }) }));
jest.mock('@henhouse/kit/rules/chunkReload', () => ({
  ...jest.requireActual('@henhouse/kit/rules/chunkReload'),
  reloadOnceFor: jest.fn(),
}));
const load = jest.mocked(loadScreen);

const props: ScreenProps = { routeId: 'menu', params: {}, query: {}, layout: 'default' };
const Menu = ({ routeId }: ScreenProps) => <p>screen {routeId}</p>;

const events: TelemetryEvent[] = [];
connect((e) => events.push(e));

beforeEach(() => {
  events.length = 0;
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote screen', () => {
  it('loads the screen once and renders it with the screen props', async () => {
    load.mockResolvedValue({ default: Menu } satisfies ScreenModule);
    render(<RemoteScreen module="mf-menu" screen="Menu" {...props} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('screen menu')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('mf-menu', 'Menu');
  });

  it('shows the area fallback when the remote cannot load, and "Try again" loads it anew', async () => {
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Menu });
    render(<RemoteScreen module="mf-menu" screen="Menu" {...props} />);
    expect(await screen.findByRole('heading', { name: "This part of the page didn't load" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('screen menu')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('counts a screen that throws as a render error of its module version', async () => {
    const Broken = () => {
      throw new Error('screen bug');
    };
    load.mockResolvedValue({ default: Broken });
    render(<RemoteScreen module="mf-menu" screen="Menu" {...props} />);
    expect(await screen.findByRole('heading', { name: "This part of the page didn't load" })).toBeInTheDocument();
    expect(events).toEqual([{ kind: 'error', type: 'render', module: 'mf-menu', version: '1.2.0' }]);
  });

  it('does not count a remote that failed to load a second time', async () => {
    const failure = new Error('offline');
    load.mockImplementation(async () => {
      report({ kind: 'error', type: 'remote_load', module: 'mf-menu', version: '1.2.0' }, failure); // as loadScreen does
      throw failure;
    });
    render(<RemoteScreen module="mf-menu" screen="Menu" {...props} />);
    expect(await screen.findByRole('heading', { name: "This part of the page didn't load" })).toBeInTheDocument();
    expect(events).toEqual([{ kind: 'error', type: 'remote_load', module: 'mf-menu', version: '1.2.0' }]);
  });
});
