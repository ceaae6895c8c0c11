import { lazy, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { RequireSession } from './auth/RequireSession';
import { config } from './config';
import { authRoutes } from './customRoutes/auth/authRoutes';
import { LoginPage } from './customRoutes/auth/LoginPage';
import { NotFoundPage } from './customRoutes/NotFoundPage';
import { reportRoutes } from './customRoutes/reports/reportRoutes';
import { resourceAliasRoutes } from './customRoutes/resourceRoutes';
import { i18nProvider } from './i18n/i18nProvider';
import { appStore, restoreLocale } from './i18n/localePreference';
import { AppLayout } from './layout/AppLayout';
import { DirectionStyles, themeIn, useLocaleDirection } from './layout/direction';
import { AppNotifications } from './layout/AppNotifications';
import { LoadingScreen, WhileLoading } from './layout/LoadingScreen';
import { authProvider, dataProvider } from './providers';
import { queryClient } from './queryClient';
import { resources } from './resources/registry';
import { ScreenAccess, type ScreenAction } from './resources/shared/ScreenAccess';
import { darkTheme, theme } from './theme';
import { loadDashboard } from './customRoutes/dashboard/loadDashboard';

const guarded = (action: ScreenAction, Screen: ComponentType) => (
  <ScreenAccess action={action}>
    <Screen />
  </ScreenAccess>
);

restoreLocale();

const Dashboard = lazy(loadDashboard);
const DispatcherScreen = lazy(() => import('./customRoutes/dispatcher/DispatcherScreen'));

/** The react-admin wiring: providers, layouts, public and protected routes, and the resource registry. */
export function App() {
  const direction = useLocaleDirection();
  return (
    <DirectionStyles direction={direction}>
      <Admin
        title={config.appTitle}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={appStore}
        queryClient={queryClient}
        theme={themeIn(theme, direction)}
        darkTheme={themeIn(darkTheme, direction)}
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={Dashboard}
        catchAll={NotFoundPage}
        loading={LoadingScreen}
        notification={AppNotifications}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          {authRoutes}
          <Route
            path="/dispatcher/*"
            element={
              <RequireSession>
                <WhileLoading>
                  <DispatcherScreen />
                </WhileLoading>
              </RequireSession>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          {resourceAliasRoutes(resources)}
          {reportRoutes}
        </CustomRoutes>
        {resources.map(({ path, list: List, show: Show, edit: Edit, create: Create, icon, recordRepresentation }) => (
          <Resource
            key={path}
            name={path}
            list={guarded('list', List)}
            show={Show && guarded('show', Show)}
            // With a detail page, the spec's deep link /<path>/:id shows it and the form moves to :id/edit.
            edit={Edit && !Show ? guarded('edit', Edit) : undefined}
            hasEdit={Edit !== undefined}
            create={Create && guarded('create', Create)}
            icon={icon}
            recordRepresentation={recordRepresentation}
          >
            {Show && <Route path=":id" element={guarded('show', Show)} />}
            {Show && Edit && <Route path=":id/edit/*" element={guarded('edit', Edit)} />}
          </Resource>
        ))}
      </Admin>
    </DirectionStyles>
  );
}
