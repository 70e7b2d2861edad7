import { readFileSync } from 'node:fs';
import path from 'node:path';

const publicDir = path.join(__dirname, '..', '..', 'public');
const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));

function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('web app manifest', () => {
  test('installable fields', () => {
    expect(manifest).toMatchObject({
      name: 'Henhouse',
      short_name: 'Henhouse',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#000000',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  test('icons exist in public/ with the sizes they claim', () => {
    const icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> = manifest.icons;
    for (const icon of icons) {
      expect(icon.src).toMatch(/^\/static\//);
      const file = path.join(publicDir, icon.src.replace(/^\/static\//, ''));
      if (icon.type === 'image/png') {
        const [w, h] = pngSize(file);
        expect(`${w}x${h}`).toBe(icon.sizes);
      } else {
        expect(icon.type).toBe('image/svg+xml');
        expect(readFileSync(file, 'utf8')).toContain('<svg');
      }
    }
    const png = (size: string, purpose: string) =>
      icons.some((i) => i.type === 'image/png' && i.sizes === size && i.purpose === purpose);
    expect(png('192x192', 'any') && png('512x512', 'any') && png('512x512', 'maskable')).toBe(true);
    expect(icons.some((i) => i.type === 'image/svg+xml')).toBe(true);
    expect(pngSize(path.join(publicDir, 'icons', 'apple-touch-icon.png'))).toEqual([180, 180]);
  });
});
