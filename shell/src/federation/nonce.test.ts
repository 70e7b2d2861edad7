import { noncePlugin } from './nonce';

describe('the federation runtime nonce plugin', () => {
  test('creates remote entry scripts with the nonce and the runtime attributes', () => {
    const plugin = noncePlugin('abc123');
    const script = plugin.createScript?.({
      url: '/modules/mf-menu/1.0.0/remoteEntry.js',
      attrs: { async: true, 'data-x': 'y' },
    });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    const s = script as HTMLScriptElement;
    expect(s.nonce).toBe('abc123');
    expect(s.getAttribute('src')).toBe('/modules/mf-menu/1.0.0/remoteEntry.js');
    expect(s.async).toBe(true);
    expect(s.getAttribute('data-x')).toBe('y');
  });

  test('creates preload links with the nonce', () => {
    const link = noncePlugin('abc123').createLink?.({
      url: '/modules/mf-menu/1.0.0/1.js',
      attrs: { rel: 'preload', as: 'script' },
    });
    expect(link).toBeInstanceOf(HTMLLinkElement);
    const l = link as HTMLLinkElement;
    expect(l.nonce).toBe('abc123');
    expect(l.rel).toBe('preload');
    expect(l.getAttribute('as')).toBe('script');
  });

  test('without a nonce it leaves element creation to the runtime', () => {
    const plugin = noncePlugin(undefined);
    expect(plugin.createScript?.({ url: '/x.js' })).toBeUndefined();
    expect(plugin.createLink?.({ url: '/x.js' })).toBeUndefined();
  });

  test('puts the published integrity on a remote entry, so the browser refuses a tampered one', () => {
    const published = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';
    const integrityOf = (url: string) => (url === '/modules/mf-menu/1.0.0/remoteEntry.js' ? published : undefined);
    for (const nonce of ['abc123', undefined]) {
      const plugin = noncePlugin(nonce, integrityOf);
      const s = plugin.createScript?.({ url: '/modules/mf-menu/1.0.0/remoteEntry.js', attrs: { async: true } });
      expect(s).toBeInstanceOf(HTMLScriptElement);
      const script = s as HTMLScriptElement;
      expect(script.getAttribute('integrity')).toBe(published);
      expect(script.getAttribute('crossorigin')).toBe('anonymous');
      expect(script.nonce).toBe(nonce ?? '');
      // Another script of the remote (a chunk) has no integrity of its own.
      const chunk = plugin.createScript?.({ url: '/modules/mf-menu/1.0.0/412.js' });
      if (nonce) expect((chunk as HTMLScriptElement).hasAttribute('integrity')).toBe(false);
      else expect(chunk).toBeUndefined();
    }
  });
});
