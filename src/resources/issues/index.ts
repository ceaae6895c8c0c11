import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazy } from 'react';
import { issues as issuesManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** The support desk: issues reported by passengers and drivers, with owners, notes, history and SLAs. */
export const issues = definePanelOverrides(issuesManifest, {
  list: lazy(() => import('./IssueList')),
  show: lazy(() => import('./IssueShow')),
  create: lazy(() => import('./IssueCreate')),
  // An issue moves through its actions (assign, note, resolve…) on its page, not a form.
  edit: false,
  icon: ReportProblemIcon,
});
