import { ThemeProvider, type SxProps, type Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { InputHelperText, useInput, useLocaleState, useTranslateLabel, type CommonInputProps } from 'react-admin';
import { intlLocaleOf } from '../../domain/locales';
import { FIRST_DAY, LAST_DAY } from '../../domain/fieldRules';
import { dateTimeFieldFormat, dayFieldFormat } from './fieldFormat';
import { PickersLocalization, pickerLanguageOf } from './PickersLocalization';

/** What the field edits: a calendar day (YYYY-MM-DD) or a wall-clock time (YYYY-MM-DDTHH:mm). */
export type WallClockKind = 'day' | 'dateTime';

const WALL_FORMAT: Record<WallClockKind, string> = { day: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD[T]HH:mm' };
const FIRST = dayjs.utc(`${FIRST_DAY}T00:00`);
const LAST = dayjs.utc(`${LAST_DAY}T23:59`);

const toPicker = (wall: string): Dayjs | null => (wall ? dayjs.utc(wall) : null);
const inBounds = (value: Dayjs) => !value.isBefore(FIRST) && !value.isAfter(LAST);

export interface WallClockInputProps extends Omit<CommonInputProps, 'format' | 'parse'> {
  kind: WallClockKind;
  /** The form's value as the wall-clock string the field shows ('' for none). */
  format: (value: unknown) => string;
  /** The wall-clock string (or '' when cleared) as the form stores it. */
  parse: (wall: string) => unknown;
  helperText?: CommonInputProps['helperText'];
  className?: string;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium';
}

/**
 * A date (or date and time) field in the panel's language: it shows and takes the language's
 * format (03/03/2026 in en-KE, fr and sw-KE), section by section from the keyboard, with a
 * calendar button, the month and day names of the language, and react-admin's label, required
 * mark and error text. It edits a wall-clock string only, so what the form stores is decided by
 * the caller's `parse` exactly as with the native input it replaces. Like react-admin's
 * DateInput, a half-typed date is not stored; a typed year outside 1900–2099 is stored only when
 * the field is left (so a filter is not run at each digit), where the form's rules refuse it.
 */
export function WallClockInput({
  kind,
  format,
  parse,
  label,
  helperText,
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
  const [locale] = useLocaleState();
  const wall = typeof field.value === 'string' ? field.value : '';
  const [draft, setDraft] = useState<Dayjs | null>(() => toPicker(wall));
  const sent = useRef(wall);

  // A value set from outside (a reset, a record loaded, a filter cleared) replaces what is typed.
  useEffect(() => {
    if (wall !== sent.current) {
      sent.current = wall;
      setDraft(toPicker(wall));
    }
  }, [wall]);

  const send = (next: string) => {
    sent.current = next;
    if (next !== wall) field.onChange(next);
  };

  const onChange = (value: Dayjs | null) => {
    setDraft(value);
    if (value === null) send('');
    else if (value.isValid() && inBounds(value)) send(value.format(WALL_FORMAT[kind]));
  };

  const onBlur = () => {
    if (draft?.isValid() && !inBounds(draft)) send(draft.format(WALL_FORMAT[kind]));
    else if (draft && !draft.isValid()) send('');
    field.onBlur();
  };

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
  const intlLocale = intlLocaleOf(locale);
  const Picker = kind === 'day' ? DatePicker : DateTimePicker;
  return (
    <Picker
      value={draft}
      onChange={onChange}
      timezone="UTC"
      format={kind === 'day' ? dayFieldFormat(intlLocale) : dateTimeFieldFormat(intlLocale)}
      minDate={FIRST}
      maxDate={LAST}
      // MUI X heads a week with each day's first letter: in Swahili that is J J J A I J J, so the
      // calendar uses the language's own two-letter names (J3 Jumatatu … J2 Jumapili).
      dayOfWeekFormatter={pickerLanguageOf(locale) === 'sw' ? (day) => day.format('dd') : undefined}
      ampm={kind === 'dateTime' ? dateTimeFieldFormat(intlLocale).includes('A') : undefined}
      disabled={disabled}
      readOnly={readOnly}
      label={title}
      inputRef={field.ref}
      className={['ra-input', `ra-input-${inputProps.source}`, className].filter(Boolean).join(' ')}
      sx={sx}
      slotProps={{
        textField: {
          id,
          dir: 'ltr',
          name: field.name,
          onBlur,
          error: invalid,
          fullWidth,
          margin,
          variant,
          size,
          helperText:
            helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null,
        },
      }}
    />
  );
}

/**
 * Digits of a date read left to right in every language; in a right-to-left page MUI X's field
 * reversed its sections (typed 01/03/2030 landed as 20/03/0800) and showed its format's escape
 * brackets. So the field and its calendar are laid out left to right there, like a phone number.
 */
const leftToRight = (outer: Theme): Theme => (outer.direction === 'ltr' ? outer : { ...outer, direction: 'ltr' });

/** The same field inside the pickers' localization (language, month names, button labels). */
export function LocalizedWallClockInput(props: WallClockInputProps) {
  return (
    <ThemeProvider theme={leftToRight}>
      <PickersLocalization>
        <WallClockInput {...props} />
      </PickersLocalization>
    </ThemeProvider>
  );
}
