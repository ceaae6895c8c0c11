import { useState, type MouseEvent } from 'react';
import {
  Confirm,
  DeleteButton,
  Edit,
  SaveButton,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { vehicleTypes } from '../../domain/resources';
import { formatMoney, formatPercent } from '../../kit/format';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import type { VehicleType } from './types';
import { VehicleTypeForm } from './VehicleTypeForm';

/** The fields that change what passengers pay or drivers earn: a change to any of them is confirmed. */
export const FARE_FIELDS = [
  ...Object.entries(vehicleTypes.fields)
    .filter(([, field]) => 'format' in field && field.format === 'money')
    .map(([name]) => name),
  'commissionPercent',
] as readonly string[];

const shown = (field: string, value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : field === 'commissionPercent'
      ? formatPercent(Number(value))
      : formatMoney(Number(value));

/**
 * Save, and for a change of fares first "Save these price changes?" with each old and new amount
 * (as the price settings page asks); other changes save at once.
 */
function FareConfirmToolbar() {
  const translate = useTranslate();
  const record = useRecordContext<VehicleType>();
  const { dirtyFields } = useFormState();
  const { getValues, handleSubmit } = useFormContext();
  const { save } = useSaveContext();
  const [confirming, setConfirming] = useState(false);
  const changed = FARE_FIELDS.filter((field) => field in dirtyFields);
  const onSave = (event: MouseEvent) => {
    if (changed.length === 0) return;
    event.preventDefault();
    // The values are checked first: only valid fares are offered for confirmation.
    void handleSubmit(() => setConfirming(true))();
  };
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton type="button" onClick={onSave} />
      <DeleteButton mutationMode="pessimistic" />
      <Confirm
        isOpen={confirming}
        title="app.priceSettings.confirm.title"
        content={
          <>
            {translate('app.priceSettings.confirm.body')}
            <ul data-testid="fare-changes">
              {changed.map((field) => (
                <li key={field}>
                  {translate(`resources.${vehicleTypes.path}.fields.${field}`, { _: field })}:{' '}
                  {shown(field, record?.[field as keyof VehicleType])} → {shown(field, getValues(field))}
                </li>
              ))}
            </ul>
          </>
        }
        confirm="ra.action.save"
        onConfirm={() => {
          setConfirming(false);
          void handleSubmit((values) => save?.(values))();
        }}
        onClose={() => setConfirming(false)}
      />
    </Toolbar>
  );
}

/** /vehicle-management/vehicles/:id/edit: details, icon and rates, with the fare preview beside them. */
export default function VehicleTypeEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<VehicleType>
      mutationMode="pessimistic"
      actions={<EditFormActions />}
      mutationOptions={{
        // Says what was saved: "Economy fares updated" for a change of fares, else "Economy updated".
        onSuccess: (saved, variables) => {
          const previous = (variables as { previousData?: Record<string, unknown> }).previousData ?? {};
          const data = (variables as { data?: Record<string, unknown> }).data ?? {};
          const fares = FARE_FIELDS.some((field) => field in data && data[field] !== previous[field]);
          notify(fares ? 'app.vehicleTypes.faresSaved' : 'app.vehicleTypes.saved', {
            type: 'success',
            messageArgs: { name: saved.name },
          });
          redirect(redirectToShowPage(vehicleTypes.path, saved.id));
        },
      }}
    >
      <VehicleTypeForm toolbar={<FareConfirmToolbar />} />
    </Edit>
  );
}
