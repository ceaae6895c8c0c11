import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type RaRecord } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { authProvider, dataProvider } from '../../../src/providers';
import { setSession, type Session } from '../../../src/session';
import { stubFetch, type StubRoute } from '../../unit/support/fetchStub';
import { EmotionCacheProbe } from '../support/emotionReset';
import { resetPanelState } from '../support/renderApp';

export interface RenderKitOptions {
  record?: RaRecord;
  session?: Session;
  resource?: string;
  api?: Record<string, StubRoute>;
}

/**
 * Renders a kit piece inside react-admin with the panel's real providers
 * (i18n, canAccess from the session's permissions, the data provider over a
 * stubbed fetch), in a record context when one is given.
 */
export function renderKit(ui: ReactNode, { record, session, resource, api: routes = {} }: RenderKitOptions = {}) {
  resetPanelState();
  if (session) setSession(session);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const api = stubFetch(routes);
  let content = record ? <RecordContextProvider value={record}>{ui}</RecordContextProvider> : ui;
  if (resource) content = <ResourceContextProvider value={resource}>{content}</ResourceContextProvider>;
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
          {content}
        </AdminContext>
      ),
    },
  ]);
  const view = render(
    <EmotionCacheProbe>
      <RouterProvider router={router} />
    </EmotionCacheProbe>,
  );
  return { ...view, api, router };
}
