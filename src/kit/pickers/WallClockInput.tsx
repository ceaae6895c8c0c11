import type { SxProps, Theme } from '@mui/material/styles';
import { InputHelperText, useInput, useTranslateLabel, type CommonInputProps } from 'react-admin';
import { PickerLanguage, WallClockField, type WallClockFieldProps, type WallClockKind } from './WallClockField';

export type { WallClockKind } from './WallClockField';

export interface WallClockInputProps extends Omit<CommonInputProps, 'format' | 'parse'> {
  kind: WallClockKind;
  /** The form's value as the wall-clock string the field shows ('' for none). */
  format: (value: unknown) => string;
  /** The wall-clock string (or '' when cleared) as the form stores it. */
  parse: (wall: string) => unknown;
  helperText?: CommonInputProps['helperText'];
  minDay?: WallClockFieldProps['minDay'];
  maxDay?: WallClockFieldProps['maxDay'];
  className?: string;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium';
}

/**
 * The date field (./WallClockField) as a react-admin input: react-admin's label, required mark
 * and error text, and the form's value through the caller's `format` and `parse`, exactly as with
 * the native input it replaces. A typed year outside 1900–2099 reaches the form when the field is
 * left, where the form's rules refuse it.
 */
export function WallClockInput({
  kind,
  format,
  parse,
  label,
  helperText,
  minDay,
  maxDay,
  className,
  sx,
  fullWidth,
  disabled,
  readOnly,
  margin,
  variant,
  size = 'small',
  ...inputProps
}: WallClockInputProps) {
  const { field, fieldState, id, isRequired } = useInput({ ...inputProps, disabled, readOnly, format, parse });
  const { error, invalid } = fieldState;
  // react-admin's FieldTitle, written here: importing it through react-admin's index splits a
  // module cycle between chunks (see fieldTitleDirect in vite.config.ts).
  const translateLabel = useTranslateLabel();
  const title =
    label === '' || label === false ? null : label != null && typeof label !== 'string' ? (
      label
    ) : (
      <span>
        {translateLabel({ label, source: inputProps.source, resource: inputProps.resource })}
        {isRequired && <span aria-hidden="true">&thinsp;*</span>}
      </span>
    );
  return (
    <WallClockField
      kind={kind}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={title}
      minDay={minDay}
      maxDay={maxDay}
      id={id}
      name={field.name}
      inputRef={field.ref}
      className={['ra-input', `ra-input-${inputProps.source}`, className].filter(Boolean).join(' ')}
      sx={sx}
      error={invalid}
      helperText={
        helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null
      }
      fullWidth={fullWidth}
      disabled={disabled}
      readOnly={readOnly}
      margin={margin}
      variant={variant}
      size={size}
    />
  );
}

/** The same input inside the pickers' localization (language, month names, button labels). */
export function LocalizedWallClockInput(props: WallClockInputProps) {
  return (
    <PickerLanguage>
      <WallClockInput {...props} />
    </PickerLanguage>
  );
}
