import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { bulkCounts, UNDO_SECONDS, type BulkOutcome } from '../domain/bulk';
import { bulkActionKey } from '../i18n/bulk';

/** "4 suspended, 1 refused", in the action's words. */
export function useBulkSummary() {
  const translate = useTranslate();
  return (action: string, outcomes: readonly BulkOutcome[]) => {
    const { done, refused } = bulkCounts(outcomes);
    return translate('app.bulk.summary', {
      done,
      refused,
      verb: translate(`${bulkActionKey(action)}.done`, { _: translate('app.bulk.doneVerb') }),
    });
  };
}

/** Counts down from `seconds` while `running`; 0 once the time is up. */
function useCountdown(running: boolean, seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const rest = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [running, seconds]);
  return left;
}

export interface BulkResultProps {
  action: string;
  outcomes: readonly BulkOutcome[];
  /** The reverse action the server named; absent when the action cannot be undone. */
  undo?: string;
  /** What is left of the server's undo window (its texts go out when it closes); UNDO_SECONDS by default. */
  undoSeconds?: number;
  /** The undo's own outcomes, once it ran. */
  undone?: readonly BulkOutcome[];
  undoing: boolean;
  onUndo: () => void;
  /** A record's name for the refused lines. */
  nameOf: (id: number) => string;
}

/** A bulk run's outcome: the counts, each refusal with its reason, and Undo while the server's window lasts. */
export function BulkResult({
  action,
  outcomes,
  undo,
  undoSeconds = UNDO_SECONDS,
  undone,
  undoing,
  onUndo,
  nameOf,
}: BulkResultProps) {
  const translate = useTranslate();
  const summary = useBulkSummary();
  const refused = outcomes.filter((o) => o.status === 'refused');
  const left = useCountdown(Boolean(undo) && !undone, undoSeconds);
  return (
    <Box>
      <Alert severity={refused.length ? 'warning' : 'success'} role="status">
        {summary(action, outcomes)}
      </Alert>
      {refused.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('app.bulk.refusedTitle')}
          </Typography>
          <List dense aria-label={translate('app.bulk.refusedTitle')}>
            {refused.map((o) => (
              <ListItem key={o.id} disableGutters>
                <ListItemText primary={`${nameOf(o.id)} — ${o.message}`} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        {undone ? (
          <Alert severity="info" role="status">
            {translate('app.bulk.undone', { summary: summary(undo!, undone) })}
          </Alert>
        ) : !undo ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.bulk.noUndo')}
          </Typography>
        ) : left > 0 ? (
          <Button variant="outlined" onClick={onUndo} disabled={undoing}>
            {undoing ? translate('app.bulk.undoing') : translate('app.bulk.undo', { seconds: left })}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.bulk.undoExpired')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
