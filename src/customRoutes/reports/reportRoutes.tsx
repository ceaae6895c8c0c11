import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { Route } from 'react-router';
import { LoadingState } from '../../kit/States';
import { ScreenNotAvailable } from '../ScreenNotAvailable';

const RevenueReport = lazy(() => import('./RevenueReport'));
const TripReport = lazy(() => import('./TripReport'));
const DriverRevenueReport = lazy(() => import('./DriverRevenueReport'));

/**
 * The report routes of the spec, each its own lazy chunk, reading GET /api/trip/reports/…
 * The driver revenue letter (a server-rendered PDF) is not built yet and says so.
 */
const REPORTS: { path: string; titleKey: string; screen?: ComponentType }[] = [
  { path: '/reports/revenue', titleKey: 'app.pages.revenueReport', screen: RevenueReport },
  { path: '/reports/trip', titleKey: 'app.pages.tripReport', screen: TripReport },
  { path: '/reports/driver-revenue-letter', titleKey: 'app.pages.driverRevenueLetter' },
  { path: '/revenues', titleKey: 'app.pages.revenues', screen: DriverRevenueReport },
];

function ReportNotAvailable({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return <ScreenNotAvailable title={translate(titleKey)} messageKey="app.pages.reportNotAvailable" />;
}

export const reportRoutes = REPORTS.map(({ path, titleKey, screen: Screen }) => (
  <Route
    key={path}
    path={path}
    element={
      Screen ? (
        <Suspense fallback={<LoadingState />}>
          <Screen />
        </Suspense>
      ) : (
        <ReportNotAvailable titleKey={titleKey} />
      )
    }
  />
));
