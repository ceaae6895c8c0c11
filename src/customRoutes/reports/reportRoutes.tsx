import { lazy, Suspense, type ComponentType } from 'react';
import { Route } from 'react-router';
import { LoadingState } from '../../kit/States';

const RevenueReport = lazy(() => import('./RevenueReport'));
const TripReport = lazy(() => import('./TripReport'));
const DriverRevenueReport = lazy(() => import('./DriverRevenueReport'));
const DriverRevenueLetter = lazy(() => import('./DriverRevenueLetter'));

/**
 * The report routes of the spec, each its own lazy chunk, reading GET /api/trip/reports/…
 */
const REPORTS: { path: string; titleKey: string; screen: ComponentType }[] = [
  { path: '/reports/revenue', titleKey: 'app.pages.revenueReport', screen: RevenueReport },
  { path: '/reports/trip', titleKey: 'app.pages.tripReport', screen: TripReport },
  { path: '/reports/driver-revenue-letter', titleKey: 'app.pages.driverRevenueLetter', screen: DriverRevenueLetter },
  { path: '/revenues', titleKey: 'app.pages.revenues', screen: DriverRevenueReport },
];

export const reportRoutes = REPORTS.map(({ path, screen: Screen }) => (
  <Route
    key={path}
    path={path}
    element={
      <Suspense fallback={<LoadingState />}>
        <Screen />
      </Suspense>
    }
  />
));
