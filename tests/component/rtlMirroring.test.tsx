import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PSEUDO_RTL_LOCALE } from '../../src/domain/locales';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * MUI mirrors its own styles when the language is written right to left: the theme's direction
 * follows the language and the styles go through stylis-plugin-rtl. Seen on the login form: a
 * field's label sits at the start of the line (the right in RTL) and the password field's
 * show/hide button keeps its gap on the text's side.
 */

afterEach(async () => {
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

const emailLabel = () => document.querySelector<HTMLElement>('label.MuiInputLabel-root')!;
const passwordButton = () => document.querySelector<HTMLElement>('.MuiInputAdornment-positionEnd')!;

function expectLeftToRight() {
  expect(document.documentElement.dir).toBe('ltr');
  expect(getComputedStyle(emailLabel()).left).toBe('0px');
  expect(getComputedStyle(emailLabel()).right).toBe('');
  expect(getComputedStyle(passwordButton()).marginLeft).toBe('8px');
  expect(getComputedStyle(passwordButton()).marginRight).toBe('');
}

function expectRightToLeft() {
  expect(document.documentElement.dir).toBe('rtl');
  expect(getComputedStyle(emailLabel()).right).toBe('0px');
  expect(getComputedStyle(emailLabel()).left).toBe('');
  expect(getComputedStyle(passwordButton()).marginRight).toBe('8px');
  expect(getComputedStyle(passwordButton()).marginLeft).toBe('');
}

describe('right-to-left mirroring of MUI components', () => {
  it('mirrors the fields in a right-to-left language', async () => {
    renderApp('/login', { prepare: () => appStore.setItem('locale', PSEUDO_RTL_LOCALE) });
    await screen.findByRole('button', { name: /⟦Ĺóĝíñ/ });
    expectRightToLeft();
  });

  it('keeps English left to right, and switches live both ways when the language changes', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expectLeftToRight();

    act(() => appStore.setItem('locale', PSEUDO_RTL_LOCALE));
    await screen.findByRole('button', { name: /⟦Ĺóĝíñ/ });
    await waitFor(expectRightToLeft);

    act(() => appStore.setItem('locale', 'en'));
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(expectLeftToRight);
  });

  it('lays a date field out left to right, its empty label at the left, clear of the calendar button', async () => {
    renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      prepare: () => appStore.setItem('locale', PSEUDO_RTL_LOCALE),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', []),
        'GET /api/user/audit-logs/actions': { json: { data: ['create', 'update', 'delete'] } },
        'GET /api/user/staffs': listAnswer('staffs', []),
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.MuiPickersTextField-root')).toHaveLength(2));
    expect(document.documentElement.dir).toBe('rtl');
    const field = document.querySelector<HTMLElement>('.MuiPickersTextField-root')!;
    // Empty: the label stands where the day is typed, at the start of a left-to-right line.
    expect(field.querySelector('[role="group"]')).toHaveTextContent('DD/MM/YYYY');
    const label = field.querySelector<HTMLElement>('label')!;
    expect(getComputedStyle(label).left).toBe('0px');
    expect(getComputedStyle(label).right).toBe('');
    // The calendar button stays at the end of that line.
    const adornment = field.querySelector<HTMLElement>('.MuiInputAdornment-positionEnd')!;
    expect(getComputedStyle(adornment).marginLeft).toBe('8px');
  });
});
