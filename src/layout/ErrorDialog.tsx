import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { subscribeToFailures, type HttpFailure } from '../http';

/** The global handler: any failed request (other than the end of the session) opens this dialog. */
export function ErrorDialog() {
  const translate = useTranslate();
  const titleId = useId();
  const [failure, setFailure] = useState<HttpFailure | null>(null);

  useEffect(() => subscribeToFailures(setFailure), []);

  const dismiss = () => setFailure(null);

  return (
    <Dialog
      open={failure !== null}
      onClose={dismiss}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="error-dialog"
    >
      <DialogTitle id={titleId}>{translate('app.errorDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="error-dialog-message">{failure?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss} variant="contained" autoFocus>
          {translate('app.errorDialog.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
