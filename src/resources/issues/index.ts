import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazy } from 'react';
import { issues as issuesManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** The support desk: issues reported by passengers and drivers, with owners, notes, history and SLAs. */
export const issues = definePanelResource(issuesManifest, {
  list: lazy(() => import('./IssueList')),
  show: lazy(() => import('./IssueShow')),
  create: lazy(() => import('./IssueCreate')),
  icon: ReportProblemIcon,
});
