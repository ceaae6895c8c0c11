import { describe, expect, it } from 'vitest';
import { documentTitleFor } from '../../src/layout/documentTitle';

describe('the page title', () => {
  it('names the page, then the product', () => {
    expect(documentTitleFor('Trips', 'Ride Admin')).toBe('Trips · Ride Admin');
    expect(documentTitleFor('  Trip\n  #31692 ', 'Ride Admin')).toBe('Trip #31692 · Ride Admin');
  });

  it('is the product alone on a page without a name, or named after the product', () => {
    expect(documentTitleFor('', 'Ride Admin')).toBe('Ride Admin');
    expect(documentTitleFor(undefined, 'Ride Admin')).toBe('Ride Admin');
    expect(documentTitleFor('Ride Admin', 'Ride Admin')).toBe('Ride Admin');
  });
});
