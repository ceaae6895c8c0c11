import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Issues reported by passengers and drivers. */
export const issues: ResourceDefinition = {
  name: 'issues',
  service: 'trip',
  path: 'issues',
  permission: P.viewIssue,
  list: GuessedList,
  show: GuessedShow,
  icon: ReportProblemIcon,
  recordRepresentation: fieldOrNumber('title'),
};
