import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { fakeSockets } from './support/fakeSocket';
import { renderApp, screen } from './support/renderApp';

afterEach(async () => {
  clearSession();
  appStore.removeItem('locale');
  await i18nProvider.changeLocale('en');
});

const french = sessionOf({ ...superAdminProfile, locale: 'fr' }, 'admin-token');

describe('notifications in the staff member’s language', () => {
  it('lists the bell’s titles and shows the toasts in French, from their code, and an old title as written', async () => {
    appStore.setItem('locale', 'fr');
    await i18nProvider.changeLocale('fr');
    const sockets = fakeSockets();
    const { user } = renderApp('/', {
      session: french,
      sockets,
      api: {
        'GET /api/user/notifications': {
          json: {
            data: {
              notifications: [
                {
                  id: 2,
                  type: 'sos',
                  title: 'SOS from passenger Ann on trip #9',
                  titleCode: 'sosFrom',
                  titleParams: { caller: 'passenger', who: 'Ann', trip: '9' },
                  subjectType: 'sos-call-log',
                  subjectId: 4,
                  createdAt: new Date().toISOString(),
                  seen: true,
                },
                {
                  id: 1,
                  type: 'DRIVER_REGISTRATION',
                  title: 'Something said before titles had codes',
                  titleCode: null,
                  titleParams: null,
                  subjectType: 'driver',
                  subjectId: 7,
                  createdAt: new Date().toISOString(),
                  seen: true,
                },
              ],
              unseenCount: 0,
            },
            meta: { page: 1, perPage: 10, total: 2, totalPages: 1 },
          },
        },
      },
    });
    await user.click(await screen.findByTestId('notification-bell'));
    const [sos, old] = await screen.findAllByTestId('notification-item');
    expect(sos).toHaveTextContent('SOS : le passager Ann, course n° 9');
    expect(old).toHaveTextContent('Something said before titles had codes');

    await waitFor(() => expect(sockets.latest().listening('newNotification')).toBe(true));
    sockets.latest().serverSends('newNotification', {
      id: 3,
      type: 'DRIVER_REGISTRATION',
      title: 'New driver registration: Amina Otieno',
      titleCode: 'driverRegistration',
      titleParams: { name: 'Amina Otieno' },
      createdAt: new Date().toISOString(),
      subjectType: 'driver',
      subjectId: 8,
    });
    expect(await screen.findByTestId('notification-toast')).toHaveTextContent(
      'Nouvelle inscription de chauffeur : Amina Otieno',
    );
  });
});
