import type { ActionRef } from '../domain/resourceActions';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ButtonProps } from '@mui/material';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Form, useRecordContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import type { ActionResult } from '../dataProviders/customMethods';
import { useAction } from '../dataProviders/useAction';
import { yupResolver } from '../forms/yupResolver';

export interface ActionDialogButtonProps {
  /** The engine action (`ACTIONS.<resource>.<name>`): `POST /<res>/:id/<action>` on the record in context. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's values are checked by `schema`, not by the type
  action: ActionRef<any>;
  /** Button label (a translation key or text). */
  label: string;
  icon?: ReactElement;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /** The dialog's title and explanation. */
  title: string;
  description?: ReactNode;
  /** The confirm button's label; the button takes the `color` too. */
  confirmLabel: string;
  /** The action's body rules (from src/domain), checked before the call. */
  schema?: AnyObjectSchema;
  defaultValues?: FieldValues;
  /** The form's inputs (e.g. a reason). */
  children?: ReactNode;
  /** Notice after success; without one, the server's message. */
  successMessage?: string;
  /** Record actions default to the record in context; override for another record. */
  id?: string | number;
  /** A collection action (`POST /<res>/<action>`): no record needed. */
  collection?: boolean;
  /** After success, with the server's answer (e.g. open the record it created). */
  onDone?: (result: ActionResult) => void;
}

/**
 * A button that opens a dialog with a small form and runs an engine action
 * with it (block a passenger with a reason, cancel a trip…): the body's rules
 * checked in the browser with the same yup schema as the server, the server's
 * field errors under their inputs, a pending state, the notice and a refresh
 * on success, Escape or Cancel to close. Visibility (permissions) is the
 * caller's: render it only for staff allowed to run the action.
 */
export function ActionDialogButton({
  action,
  label,
  icon,
  color = 'primary',
  variant = 'outlined',
  title,
  description,
  confirmLabel,
  schema,
  defaultValues,
  children,
  successMessage,
  id: idProp,
  collection = false,
  onDone,
}: ActionDialogButtonProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const id = collection ? undefined : (idProp ?? record?.id);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const run = useAction((dataProvider, values: FieldValues) => dataProvider.action(action, { id, data: values }), {
    successMessage,
    onSuccess: (result) => {
      setOpen(false);
      onDone?.(result);
    },
  });
  if (id === undefined && !collection) return null;

  return (
    <>
      <Button size="small" color={color} variant={variant} startIcon={icon} onClick={() => setOpen(true)}>
        {translate(label, { _: label })}
      </Button>
      <Dialog
        open={open}
        onClose={() => !run.isPending && setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        {/* Its own values only: not the record of the page around it. */}
        <Form
          record={defaultValues ?? {}}
          onSubmit={run.submit}
          resolver={schema ? yupResolver(schema) : undefined}
          defaultValues={defaultValues}
          resource={action.resource}
          noValidate
          // The errors show under the dialog's few inputs: no second, form-level notice.
          disableInvalidFormNotification
        >
          <DialogTitle id={titleId}>{translate(title, { _: title })}</DialogTitle>
          <DialogContent>
            {description && <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={run.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" color={color} variant="contained" disabled={run.isPending}>
              {translate(confirmLabel, { _: confirmLabel })}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
