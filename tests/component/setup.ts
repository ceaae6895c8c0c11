import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterEach, vi } from 'vitest';
import { loadPhoneRules } from '../../src/domain/fieldRules';
import { memoizeComputedStyle } from './support/computedStyleMemo';

/*
 * One router for everyone: react-admin, loaded by Node as native ESM, gets
 * react-router's ESM build, while vitest hands our code its CommonJS build.
 * Two copies mean two `Route` components ("[Route] is not a <Route>").
 * Point our imports at the ESM build react-admin uses.
 */
const reactRouterEsm = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/index\.js$/, 'index.mjs');
vi.mock('react-router', () => import(/* @vite-ignore */ reactRouterEsm));

// The panel's layout loads the phone rules after sign-in (AppLayout); screens rendered alone get them here.
await loadPhoneRules();

// Screens load lazily; on a busy machine that takes more than the default second. A wait ends as soon
// as the screen shows what it waits for: the bound only matters when it never does.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
});

// jsdom does not scroll; react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;

memoizeComputedStyle(window);
