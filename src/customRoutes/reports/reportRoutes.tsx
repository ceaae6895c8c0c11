import { useTranslate } from 'react-admin';
import { Route } from 'react-router';
import { ScreenNotAvailable } from '../ScreenNotAvailable';

/**
 * The report routes of the spec. Their endpoints (GET /api/trip/reports/…)
 * and screens are later issues; until then each says so.
 */
const REPORTS = [
  { path: '/reports/revenue', titleKey: 'app.pages.revenueReport' },
  { path: '/reports/trip', titleKey: 'app.pages.tripReport' },
  { path: '/reports/driver-revenue-letter', titleKey: 'app.pages.driverRevenueLetter' },
  { path: '/revenues', titleKey: 'app.pages.revenues' },
] as const;

function ReportNotAvailable({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return <ScreenNotAvailable title={translate(titleKey)} messageKey="app.pages.reportNotAvailable" />;
}

export const reportRoutes = REPORTS.map(({ path, titleKey }) => (
  <Route key={path} path={path} element={<ReportNotAvailable titleKey={titleKey} />} />
));
