import { lazy } from 'react';

/** The interim guessed screens, loaded on first use. */
export const GuessedList = lazy(() => import('./GuessedScreens').then((module) => ({ default: module.GuessedList })));
export const GuessedShow = lazy(() => import('./GuessedScreens').then((module) => ({ default: module.GuessedShow })));
