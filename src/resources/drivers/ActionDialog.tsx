import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, useTranslate } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import type { ActionResult } from '../../dataProviders/customMethods';
import { useAction } from '../../dataProviders/useAction';
import { yupResolver } from '../../forms/yupResolver';

export interface ActionDialogProps<Result> {
  open: boolean;
  title: string;
  /** The action's body schema (the manifest's), so the form refuses what the server would. */
  schema: AnyObjectSchema;
  defaultValues: Record<string, unknown>;
  submitLabel: string;
  /** Colour of the submit button: error for a refusal or a suspension. */
  color?: 'primary' | 'error';
  run: (values: Record<string, unknown>) => Promise<ActionResult<Result>>;
  onClose: () => void;
  onDone: (result: ActionResult<Result>) => void;
  children: ReactNode;
}

/**
 * Whoever clicked or tabbed into a field while the dialog was sliding in keeps it: moving the focus
 * then would send what they type next to another field. Until then the dialog's focus trap holds the
 * focus on an element out of the tab order (tabindex -1).
 */
function focusFirstFieldUnlessInOne(node: HTMLElement) {
  const active = document.activeElement;
  if (active && node.contains(active) && !active.matches('[tabindex="-1"]')) return;
  const first = node.querySelector<HTMLInputElement>('input, textarea');
  // In a radio group the chosen one takes the focus, as Tab would give it.
  const chosen =
    first?.type === 'radio' ? node.querySelector<HTMLInputElement>(`input[name="${first.name}"]:checked`) : null;
  (chosen ?? first)?.focus();
}

/**
 * A small form in a dialog that runs an engine action: the manifest's schema checks it first, the
 * server's field errors show under the inputs, Ctrl+Enter (or ⌘+Enter) sends it, Escape cancels.
 */
export function ActionDialog<Result>({
  open,
  title,
  schema,
  defaultValues,
  submitLabel,
  color = 'primary',
  run,
  onClose,
  onDone,
  children,
}: ActionDialogProps<Result>) {
  const translate = useTranslate();
  const action = useAction<Record<string, unknown>, Result>((_dataProvider, values) => run(values), {
    onSuccess: onDone,
    refresh: false,
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="action-dialog-title"
      // Keyboard first: the first input has the focus as soon as the dialog is in.
      slotProps={{ transition: { onEntered: focusFirstFieldUnlessInOne } }}
    >
      <Form
        onSubmit={action.submit}
        resolver={yupResolver(schema)}
        defaultValues={defaultValues}
        noValidate
        disableInvalidFormNotification
      >
        <div
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              (event.currentTarget.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.click();
            }
          }}
        >
          <DialogTitle id="action-dialog-title">{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('app.drivers.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              color={color}
              disabled={action.isPending}
              startIcon={action.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitLabel}
            </Button>
          </DialogActions>
        </div>
      </Form>
    </Dialog>
  );
}
