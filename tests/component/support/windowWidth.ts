import { vi } from 'vitest';

/**
 * Makes the window `px` wide for CSS media queries (MUI's `useMediaQuery` and breakpoints): jsdom
 * has no layout, so every query would otherwise be false. Only min-width and max-width are read.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function windowWidth(px: number): void {
  vi.stubGlobal('matchMedia', (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    return {
      matches: (!min || Number(min[1]) <= px) && (!max || Number(max[1]) >= px),
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
