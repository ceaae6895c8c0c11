import { describe, expect, it } from 'vitest';
import { cacheControlFor, HASHED_ASSET, REVALIDATE, SHORT_LIVED } from '../../server/delivery/cacheControl.js';

describe('cacheControlFor', () => {
  it('keeps hashed build output for a year, unchanged', () => {
    expect(HASHED_ASSET).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/index-BfK3a9.js')).toBe(HASHED_ASSET);
    expect(cacheControlFor('/assets/index-Cx81.css')).toBe(HASHED_ASSET);
  });

  it('treats a precompressed twin like its original', () => {
    expect(cacheControlFor('assets/index-BfK3a9.js.br')).toBe(HASHED_ASSET);
    expect(cacheControlFor('index.html.gz')).toBe(REVALIDATE);
    expect(cacheControlFor('favicon.svg.br')).toBe(SHORT_LIVED);
  });

  it('makes the browser revalidate the HTML that names the hashed files', () => {
    expect(REVALIDATE).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
  });

  it('gives files with stable names outside assets/ a short lifetime', () => {
    expect(SHORT_LIVED).toMatch(/^public, max-age=\d+$/);
    expect(Number(SHORT_LIVED.split('=')[1])).toBeLessThanOrEqual(86_400);
    expect(cacheControlFor('favicon.svg')).toBe(SHORT_LIVED);
    expect(cacheControlFor('robots.txt')).toBe(SHORT_LIVED);
    // Only the top-level assets/ folder is hashed by Vite.
    expect(cacheControlFor('img/assets/logo.png')).toBe(SHORT_LIVED);
  });
});
