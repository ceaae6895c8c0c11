import { TextField, type TextFieldProps } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { get, useController, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import type { BookingPoint } from './bookingData';
import { pointFields, pointOf, type BookingValues, type PointKind } from './bookingForm';

export type BookingField = FieldPath<BookingValues> | 'passengerId';

/**
 * The message under a field that stands for these form names (a pickup is its address, latitude and
 * longitude), in the panel's language: a rule's translation key, or the server's message as it came.
 */
export function useFieldError(...names: BookingField[]): string | undefined {
  const translate = useTranslate();
  const { errors } = useFormState<BookingValues>({ name: names as FieldPath<BookingValues>[] });
  const message = names
    .map((name) => (get(errors, name) as { message?: unknown } | undefined)?.message)
    .find((text): text is string => typeof text === 'string' && text !== '');
  return message === undefined ? undefined : translate(message, { _: message });
}

/** A pickup or drop-off as the form holds it (the same object while its fields stay the same). */
export function useBookingPoint(kind: PointKind): BookingPoint | undefined {
  const [address, lat, lng] = useWatch<BookingValues, ReturnType<typeof pointFields>>({ name: pointFields(kind) });
  return useMemo(() => pointOf([address, lat, lng]), [address, lat, lng]);
}

/** Sets (or clears) a pickup or drop-off, and the messages that were under it. */
export function useSetPoint() {
  const { setValue, clearErrors } = useFormContext<BookingValues>();
  return useCallback(
    (kind: PointKind, point: BookingPoint | undefined) => {
      const [address, lat, lng] = pointFields(kind);
      setValue(address, point?.address ?? null, { shouldDirty: true });
      setValue(lat, point?.lat ?? null, { shouldDirty: true });
      setValue(lng, point?.lng ?? null, { shouldDirty: true });
      clearErrors([address, lat, lng]);
    },
    [setValue, clearErrors],
  );
}

/** The driver the booking will be assigned to (null: automatic offers). */
export function useSetBookingDriver() {
  const { setValue } = useFormContext<BookingValues>();
  return useCallback(
    (driver: { id: number; name: string } | null) => {
      setValue('driverId', driver?.id ?? null, { shouldDirty: true });
      setValue('driverLabel', driver?.name ?? null, { shouldDirty: true });
    },
    [setValue],
  );
}

/**
 * A text (or native select) field of the booking on the form: its value, and its message under it
 * (the booking's rules or the server's refusal) in place of the hint.
 */
export function BookingTextField({
  name,
  transform,
  problem,
  helperText,
  htmlInput,
  ...props
}: {
  name: 'passenger.firstName' | 'passenger.lastName' | 'paymentMethod' | 'discountCode' | 'driverNote';
  /** How a typed value is stored (a discount code in capitals). */
  transform?: (typed: string) => string;
  /** A message from outside the form (the live fare estimate refusing a discount code). */
  problem?: string | null;
  htmlInput?: Record<string, unknown>;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'slotProps'> & {
    slotProps?: { select?: { native: boolean } };
  }) {
  const { field } = useController<BookingValues, typeof name>({ name });
  const error = useFieldError(name);
  return (
    <TextField
      {...props}
      size="small"
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error ?? problem)}
      helperText={error ?? problem ?? helperText}
      slotProps={{ ...props.slotProps, htmlInput: { ...htmlInput, 'data-booking-field': name } }}
    />
  );
}
