import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ButtonProps } from '@mui/material';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import {
  BulkExportButton,
  Form,
  TextInput,
  useCanAccess,
  useGetRecordRepresentation,
  useListContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { bulkSchema, doneIds, type BulkAnswer, type BulkOutcome } from '../domain/bulk';
import type { BulkActionRef } from '../domain/resourceActions';
import { usePanelDataProvider } from '../dataProviders/useAction';
import { yupResolver } from '../forms/yupResolver';
import { fieldErrorsOf } from '../http';
import { bulkActionKey } from '../i18n/bulk';
import { BulkResult } from './BulkResult';

export interface BulkActionSpec {
  /** The engine's record action, run by `POST /<res>/bulk/<action>` (`ACTIONS.trips.cancel`). */
  action: BulkActionRef;
  /** The button's words (a translation key or text); by default `app.bulk.actions.<action>.label`. */
  label?: string;
  icon?: ReactElement;
  color?: ButtonProps['color'];
  /** Inputs beside the reason (e.g. the assignee), with their rules. */
  inputs?: ReactNode;
  schema?: AnyObjectSchema;
}

const reasonOnly = bulkSchema.pick(['reason']) as AnyObjectSchema;

type Phase =
  { step: 'form' } | { step: 'result'; ids: number[]; reason: string; answer: BulkAnswer; undone?: BulkOutcome[] };

/**
 * One bulk action on the selected rows: a dialog with one required reason (and the action's own
 * inputs), then each record's outcome, with Undo for 10 seconds where the server names a reverse.
 * Closing clears the selection and refreshes the list.
 */
function BulkActionButton({ action, label: labelKey, icon, color = 'primary', inputs, schema }: BulkActionSpec) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const { selectedIds, data, onUnselectItems } = useListContext();
  const represent = useGetRecordRepresentation(resource);
  const dataProvider = usePanelDataProvider();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const label = translate(labelKey ?? `${bulkActionKey(action.name)}.label`, labelKey ? { _: labelKey } : undefined);

  const nameOf = (id: number) => {
    const record = data?.find((r) => String(r.id) === String(id));
    const name = record ? represent(record) : undefined;
    return typeof name === 'string' && name ? name : `#${id}`;
  };

  const run = async (values: FieldValues) => {
    setPending(true);
    try {
      const ids = selectedIds.map(Number);
      const reason = String(values.reason);
      const { data: answer } = await dataProvider.bulkAction(action, { ...values, ids, reason });
      setPhase({ step: 'result', ids, reason, answer });
      return undefined;
    } catch (error) {
      return fieldErrorsOf(error);
    } finally {
      setPending(false);
    }
  };

  const undo = async () => {
    if (phase.step !== 'result' || !phase.answer.undo) return;
    setPending(true);
    try {
      const ids = doneIds(phase.answer.outcomes);
      // The reverse is the server's to name (its declaration's `bulk.undo`), on the same resource.
      const reverse: BulkActionRef = { resource: action.resource, name: phase.answer.undo, bulk: true };
      const { data: answer } = await dataProvider.bulkAction(reverse, {
        ids,
        reason: phase.reason,
      });
      setPhase({ ...phase, undone: answer.outcomes });
    } catch {
      // Reported by the http layer (error dialog).
    } finally {
      setPending(false);
    }
  };

  const close = () => {
    if (pending) return;
    setOpen(false);
    if (phase.step === 'result') {
      onUnselectItems();
      refresh();
    }
    setPhase({ step: 'form' });
  };

  return (
    <>
      <Button size="small" color={color} startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>
          {translate('app.bulk.title', { action: label, smart_count: selectedIds.length })}
        </DialogTitle>
        {phase.step === 'form' ? (
          <Form
            record={{}}
            onSubmit={run}
            resolver={yupResolver(schema ? reasonOnly.concat(schema) : reasonOnly)}
            resource={resource}
            noValidate
            disableInvalidFormNotification
          >
            <DialogContent>
              {inputs}
              <TextInput
                source="reason"
                label="app.bulk.reason"
                helperText="app.bulk.reasonHint"
                multiline
                minRows={2}
                fullWidth
                autoFocus
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={pending}>
                {translate('ra.action.cancel')}
              </Button>
              <Button type="submit" color={color} variant="contained" disabled={pending}>
                {translate('app.bulk.apply', { smart_count: selectedIds.length })}
              </Button>
            </DialogActions>
          </Form>
        ) : (
          <>
            <DialogContent>
              <BulkResult
                action={action.name}
                outcomes={phase.answer.outcomes}
                undo={phase.answer.undo}
                undone={phase.undone}
                undoing={pending}
                onUndo={() => void undo()}
                nameOf={nameOf}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={pending} variant="contained">
                {translate('app.bulk.close')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}

/**
 * A list's bulk action buttons: Export of the selected rows (the list's exporter) and, for staff
 * who may update the resource, each action with one reason, the outcome per record and Undo.
 */
export function BulkActions({ actions }: { actions: BulkActionSpec[] }) {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  return (
    <>
      <BulkExportButton />
      {canAccess && actions.map((spec) => <BulkActionButton key={spec.action.name} {...spec} />)}
    </>
  );
}
