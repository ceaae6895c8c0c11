import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ButtonProps } from '@mui/material';
import { useId, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import {
  BulkExportButton,
  Form,
  TextInput,
  useCanAccess,
  useGetMany,
  useGetRecordRepresentation,
  useListContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { bulkSchema, doneAuditIds, doneIds, type BulkAnswer, type BulkOutcome } from '../domain/bulk';
import type { BulkActionRef } from '../domain/resourceActions';
import { usePanelDataProvider } from '../dataProviders/useAction';
import { yupResolver } from '../forms/yupResolver';
import { fieldErrorsOf } from '../http';
import { bulkActionKey } from '../i18n/bulk';
import { BulkResult } from './BulkResult';
import { SelectedNames } from './SelectedNames';

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
  /** What the action will do beyond the records themselves (a driver's live trip), for the selected ids. */
  warning?: ComponentType<{ ids: number[]; nameOf: (id: number) => string }>;
}

const reasonOnly = bulkSchema.pick(['reason']) as AnyObjectSchema;

type Phase =
  | { step: 'form' }
  | {
      step: 'result';
      ids: number[];
      reason: string;
      answer: BulkAnswer;
      /** The records' names as they were when applied (the list may no longer show them). */
      names: Map<number, string>;
      undone?: BulkOutcome[];
    };

/**
 * One bulk action on the selected rows: a dialog naming who is selected, with one required reason
 * (and the action's own inputs and warnings), then each record's outcome, with Undo for what is
 * left of the server's window where it names a reverse. Applying clears the selection and
 * refreshes the list.
 */
function BulkActionButton({
  action,
  label: labelKey,
  icon,
  color = 'primary',
  inputs,
  schema,
  warning: Warning,
}: BulkActionSpec) {
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

  const ids = selectedIds.map(Number);
  const missing = ids.filter((id) => !data?.some((r) => String(r.id) === String(id)));
  // Selected on another page: their names come from the server.
  const { data: others } = useGetMany(resource, { ids: missing }, { enabled: open && missing.length > 0 });
  const nameOf = (id: number) => {
    if (phase.step === 'result') return phase.names.get(id) ?? `#${id}`;
    const record = [...(data ?? []), ...(others ?? [])].find((r) => String(r.id) === String(id));
    const name = record ? represent(record) : undefined;
    return typeof name === 'string' && name ? name : `#${id}`;
  };

  const run = async (values: FieldValues) => {
    setPending(true);
    try {
      const reason = String(values.reason);
      const names = new Map(ids.map((id) => [id, nameOf(id)]));
      const { data: answer } = await dataProvider.bulkAction(action, { ...values, ids, reason });
      setPhase({ step: 'result', ids, reason, answer, names });
      // The rows changed: the bar no longer speaks of them as selected.
      onUnselectItems();
      refresh();
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
      // The reverse is the server's to name (its declaration's `bulk.undo`), on the same resource;
      // naming the run's audit entries makes it their undo: their held texts are never sent.
      const reverse: BulkActionRef = { resource: action.resource, name: phase.answer.undo, bulk: true };
      const { data: answer } = await dataProvider.bulkAction(reverse, {
        ids: doneIds(phase.answer.outcomes),
        reason: phase.reason,
        undoOf: doneAuditIds(phase.answer.outcomes),
      });
      setPhase({ ...phase, undone: answer.outcomes });
      refresh();
    } catch {
      // Reported by the http layer (error dialog).
    } finally {
      setPending(false);
    }
  };

  const close = () => {
    if (pending) return;
    setOpen(false);
    setPhase({ step: 'form' });
  };
  const count = phase.step === 'result' ? phase.ids.length : ids.length;

  return (
    <>
      <Button size="small" color={color} startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('app.bulk.title', { action: label, smart_count: count })}</DialogTitle>
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
              <SelectedNames names={ids.map(nameOf)} />
              {Warning && <Warning ids={ids} nameOf={nameOf} />}
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
                {translate('app.bulk.apply', { smart_count: ids.length })}
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
                undoSeconds={phase.answer.undoSeconds}
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
