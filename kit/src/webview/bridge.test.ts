import { appBridge, postToApp } from './bridge';

const w = window as unknown as Record<string, unknown>;
const msg = { source: 'henhouse-account', version: 1, type: 'signed_in', member: { id: 'm_1', firstName: 'Ada' } };

afterEach(() => {
  delete w.ReactNativeWebView;
  delete w.webkit;
  delete w.HenhouseAndroid;
});

describe('postToApp', () => {
  it('sends React Native and Android a JSON string', () => {
    const android = jest.fn();
    w.HenhouseAndroid = { postMessage: android };
    expect(postToApp(msg)).toBe('android');
    expect(JSON.parse(android.mock.calls[0][0])).toEqual(msg);

    const rn = jest.fn();
    w.ReactNativeWebView = { postMessage: rn };
    expect(postToApp(msg)).toBe('react-native');
    expect(JSON.parse(rn.mock.calls[0][0])).toEqual(msg);
    expect(android).toHaveBeenCalledTimes(1);
  });

  it('sends WKWebView the object', () => {
    const postMessage = jest.fn();
    w.webkit = { messageHandlers: { henhouse: { postMessage } } };
    expect(appBridge()).toBe('webkit');
    expect(postToApp(msg)).toBe('webkit');
    expect(postMessage).toHaveBeenCalledWith(msg);
  });

  it('answers null without a bridge, or with another handler than henhouse', () => {
    w.webkit = { messageHandlers: { other: { postMessage: jest.fn() } } };
    expect(appBridge()).toBeNull();
    expect(postToApp(msg)).toBeNull();
  });
});
