import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { sw } from '../../src/i18n/sw/index';
import { clearSession } from '../../src/session';
import { renderApp, screen } from './support/renderApp';
import { catalogueAt } from '../unit/support/catalogueAt';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

const text = (path: string) => catalogueAt(sw, path) as string;

describe("a server's refusal in the staff member's language", () => {
  it("shows a wrong password's refusal in Swahili on the login page, from its code", async () => {
    const { user } = renderApp('/login', {
      api: {
        'POST /api/user/auth/login': {
          status: 401,
          json: { message: 'Invalid email or password', code: 'invalidCredentials', params: {} },
        },
      },
    });
    const menus = await screen.findAllByTestId('locale-menu');
    await user.click(within(menus[0]).getByRole('button'));
    await user.click(await screen.findByRole('menuitem', { name: 'Kiswahili' }));
    const submit = await screen.findByRole('button', { name: text('app.auth.login.submit') });
    await user.type(screen.getByLabelText(new RegExp(text('app.auth.fields.email'))), 'admin@example.com');
    await user.type(screen.getByLabelText(new RegExp(`^${text('app.auth.fields.password')}`)), 'Wrong@1234');
    await user.click(submit);
    expect(await screen.findByText('Barua pepe au nenosiri si sahihi')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });
});
