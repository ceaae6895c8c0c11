import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { issues as issuesManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Issues reported by passengers and drivers. */
export const issues = definePanelResource(issuesManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: ReportProblemIcon,
});
