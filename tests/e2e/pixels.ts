import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Reading a map's canvas from a screenshot (shared by the map and trips suites). */

/** The DOM and image APIs that pixel reading uses (no DOM types in this tsconfig). */
interface PixelGlobals {
  atob(data: string): string;
  Blob: new (parts: Uint8Array[], options: { type: string }) => unknown;
  createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
  OffscreenCanvas: new (
    width: number,
    height: number,
  ) => {
    getContext(kind: '2d'): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
    };
  };
}

export interface Pixels {
  /** Distinct colours (to 4 bits a channel). */
  colours: number;
  /** Share of the commonest colour. */
  dominant: number;
  /** Share of pixels within a few levels of `near`. */
  nearShare: number;
}

/** Reads a screenshot of the element's canvas: how many colours, how flat, how much of one colour. */
export async function pixelsOf(page: Page, element: Locator, near: readonly number[] = [0, 0, 0]): Promise<Pixels> {
  const png = (await element.locator('canvas').screenshot()).toString('base64');
  return page.evaluate(
    async ([base64, target]) => {
      const g = globalThis as unknown as PixelGlobals;
      const bytes = Uint8Array.from(g.atob(base64), (c) => c.charCodeAt(0));
      const image = await g.createImageBitmap(new g.Blob([bytes], { type: 'image/png' }));
      const context = new g.OffscreenCanvas(image.width, image.height).getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = new Map<number, number>();
      let close = 0;
      for (let i = 0; i < data.length; i += 4) {
        const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (Math.abs(data[i] - target[0]) + Math.abs(data[i + 1] - target[1]) + Math.abs(data[i + 2] - target[2]) < 12)
          close++;
      }
      const total = data.length / 4;
      return { colours: counts.size, dominant: Math.max(...counts.values()) / total, nearShare: close / total };
    },
    [png, near] as const,
  );
}

/** Waits until the map draws more than one flat colour. */
export async function drawn(page: Page, map: Locator, near?: readonly number[]): Promise<Pixels> {
  let last: Pixels | undefined;
  await expect
    .poll(
      async () => {
        last = await pixelsOf(page, map, near);
        return last.colours > 8 && last.dominant < 0.95;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  return last as Pixels;
}
