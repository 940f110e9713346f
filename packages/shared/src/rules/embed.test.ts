import { describe, expect, it } from 'vitest';
import { EMBED_DEFAULTS } from '../constants.js';
import { embedCode, embedSettingsFromQuery, embedUrl } from './embed.js';

const defaults = { ...EMBED_DEFAULTS } as const;

describe('embed URL and settings', () => {
  it('puts the settings in the card URL and reads them back', () => {
    const s = { ...defaults, theme: 'dark' as const, showTags: true, showPrice: false };
    const url = embedUrl('https://shop.example/', 12, s);
    expect(url).toBe('https://shop.example/embed/products/12?theme=dark&price=0&image=1&description=1&tags=1&keywords=0');
    const query: Record<string, string> = {};
    new URL(url).searchParams.forEach((value, key) => (query[key] = value));
    const back = embedSettingsFromQuery(query);
    expect(back).toEqual({ theme: 'dark', showPrice: false, showImage: true, showDescription: true, showTags: true, showKeywords: false });
  });

  it('falls back to the spec defaults for missing or unknown values', () => {
    expect(embedSettingsFromQuery({ theme: 'neon', price: 'yes' })).toEqual({
      theme: 'light', showPrice: true, showImage: true, showDescription: true, showTags: false, showKeywords: false,
    });
  });
});

describe('embedCode', () => {
  it('is an iframe with the size, an escaped title and, for auto height, the resize listener for our origin only', () => {
    const code = embedCode('http://localhost:3000', { id: 5, name: 'Tea "Gold" <Box>' }, defaults);
    expect(code).toContain('<iframe src="http://localhost:3000/embed/products/5?theme=light&amp;price=1');
    expect(code).toContain('title="Tea &quot;Gold&quot; &lt;Box&gt; on Souq"');
    expect(code).toContain('width:100%;max-width:100%;height:420px');
    expect(code).toContain('e.origin!=="http://localhost:3000"');
  });

  it('has no script when the height is fixed; bare numbers are pixels', () => {
    const code = embedCode('https://a.example', { id: 1, name: 'X' }, { ...defaults, width: '360', height: '500px' });
    expect(code).not.toContain('<script');
    expect(code).toContain('width:360px;max-width:100%;height:500px');
  });
});
