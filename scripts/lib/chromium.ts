/** The Chromium the e2e tests and the browser benchmarks drive (playwright-core, no download). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium's flags here: no sandbox and no GPU, WebGL (the maps) through SwiftShader, the
 * software renderer (Chromium only falls back to it on its own with a deprecation warning, so ask
 * for it), and none of the background traffic of a first run.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
