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

/**
 * For the browser benchmark (bench:dispatch-browser's default): Chromium with its GPU process and GPU compositing, SwiftShader
 * (through ANGLE) as the GPU, the way a desktop browser composites a WebGL canvas (drawn and
 * composited in the GPU process, not read back on the page's main thread). The e2e tests keep
 * CHROMIUM_ARGS.
 */
export const CHROMIUM_GPU_ARGS = [
  ...CHROMIUM_ARGS.filter((flag) => flag !== '--disable-gpu'),
  '--use-angle=swiftshader',
  '--ignore-gpu-blocklist',
];
