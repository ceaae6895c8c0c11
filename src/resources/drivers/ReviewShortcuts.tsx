import KeyboardIcon from '@mui/icons-material/Keyboard';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useStore, useTranslate } from 'react-admin';

/** The review screen's single-key shortcuts: the key, what it does, and whether deciding is needed. */
export const REVIEW_SHORTCUTS = [
  { keys: 'A', label: 'app.drivers.approve', decides: true },
  { keys: 'R', label: 'app.drivers.reject', decides: true },
  { keys: 'U', label: 'app.drivers.requestReupload', decides: true },
  { keys: '←', label: 'app.drivers.previous', decides: false },
  { keys: '→', label: 'app.drivers.next', decides: false },
  { keys: 'N', label: 'app.drivers.nextDriver', decides: false },
  { keys: '?', label: 'app.drivers.shortcuts.help', decides: false },
] as const;

/** Whether the single-key shortcuts are on (remembered in the browser; on by default). */
export const useReviewShortcuts = () => useStore<boolean>('driverReview.shortcuts', true);

/** The button that opens the list of shortcuts (also opened with "?"), and the list with its on/off switch. */
export function ReviewShortcutsHelp({
  open,
  onOpen,
  onClose,
  mayDecide,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  mayDecide: boolean;
}) {
  const translate = useTranslate();
  const [enabled, setEnabled] = useReviewShortcuts();
  const titleId = useId();
  return (
    <>
      <Tooltip title={translate('app.drivers.shortcuts.open')}>
        <IconButton
          aria-label={translate('app.drivers.shortcuts.title')}
          aria-keyshortcuts="?"
          onClick={onOpen}
          size="small"
          data-testid="review-shortcuts-button"
        >
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate('app.drivers.shortcuts.title')}</DialogTitle>
        <DialogContent>
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
            label={translate('app.drivers.shortcuts.enabled')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.drivers.shortcuts.scope')}
          </Typography>
          <Table size="small" data-testid="review-shortcuts">
            <TableBody>
              {REVIEW_SHORTCUTS.filter((s) => mayDecide || !s.decides).map((shortcut) => (
                <TableRow key={shortcut.keys}>
                  <TableCell component="th" scope="row" sx={{ width: 56 }}>
                    <kbd>{shortcut.keys}</kbd>
                  </TableCell>
                  <TableCell>{translate(shortcut.label)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.drivers.shortcuts.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
