import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, __unsafe_useEmotionCache } from '@emotion/react';
import { ThemeProvider, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useLocaleState } from 'react-admin';
import { intlLocaleOf } from '../../domain/locales';
import { FIRST_DAY, LAST_DAY } from '../../domain/fieldRules';
import { dateTimeFieldFormat, dayFieldFormat, monthFieldFormat, timeFieldFormat } from './fieldFormat';
import { PickersLocalization, pickerLanguageOf } from './PickersLocalization';

/**
 * What the field edits: a calendar day (YYYY-MM-DD), a wall-clock time (YYYY-MM-DDTHH:mm), a
 * calendar month (YYYY-MM) or a time of day (HH:mm).
 */
export type WallClockKind = 'day' | 'dateTime' | 'month' | 'time';

const WALL_FORMAT: Record<WallClockKind, string> = {
  day: 'YYYY-MM-DD',
  dateTime: 'YYYY-MM-DD[T]HH:mm',
  month: 'YYYY-MM',
  time: 'HH:mm',
};
/** The field's format in a language, from Intl (./fieldFormat). */
const FIELD_FORMAT: Record<WallClockKind, (intlLocale: string) => string> = {
  day: dayFieldFormat,
  dateTime: dateTimeFieldFormat,
  month: monthFieldFormat,
  time: timeFieldFormat,
};
const FIRST = dayjs.utc(`${FIRST_DAY}T00:00`);
const LAST = dayjs.utc(`${LAST_DAY}T23:59`);

/** The wall-clock string as the picker's value; a month is its first day, a time is on a fixed day. */
function toPicker(kind: WallClockKind, wall: string): Dayjs | null {
  if (!wall) return null;
  return dayjs.utc(kind === 'month' ? `${wall}-01` : kind === 'time' ? `2000-01-01T${wall}` : wall);
}
const inBounds = (value: Dayjs) => !value.isBefore(FIRST) && !value.isAfter(LAST);

export interface WallClockFieldProps {
  kind: WallClockKind;
  /** The wall-clock string the field shows ('' for none). */
  value: string;
  /** Called with the wall-clock string typed or picked, or '' when cleared. */
  onChange: (wall: string) => void;
  onBlur?: () => void;
  label?: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  /** The first and last days the calendar offers (YYYY-MM-DD), inside 1900–2099; typing is not limited. */
  minDay?: string;
  maxDay?: string;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  variant?: 'standard' | 'outlined' | 'filled';
  size?: 'small' | 'medium';
}

/**
 * A date, date and time, month or time field in the panel's language: it shows and takes the
 * language's format (03/03/2026, 03/2026, 17:30 in en-KE, fr and sw-KE), section by section from
 * the keyboard, with a calendar (or clock) button and the month and day names of the language. It
 * edits a wall-clock string only, so the caller decides what that string means (a city day, a
 * city time). Like react-admin's DateInput, a half-typed value is not passed on, and one left
 * half-typed is cleared (''); a typed year outside 1900–2099 is passed on only when the field is
 * left (so a filter is not run at each digit), where the caller's rules refuse it.
 */
export function WallClockField({
  kind,
  value: wall,
  onChange: change,
  onBlur: blur,
  label,
  error,
  helperText,
  minDay,
  maxDay,
  id,
  name,
  inputRef,
  className,
  sx,
  fullWidth,
  disabled,
  readOnly,
  margin,
  variant,
  size = 'small',
}: WallClockFieldProps) {
  const [locale] = useLocaleState();
  const [draft, setDraft] = useState<Dayjs | null>(() => toPicker(kind, wall));
  const sent = useRef(wall);

  // A value set from outside (a reset, a record loaded, a filter cleared) replaces what is typed.
  useEffect(() => {
    if (wall !== sent.current) {
      sent.current = wall;
      setDraft(toPicker(kind, wall));
    }
  }, [kind, wall]);

  const send = (next: string) => {
    sent.current = next;
    if (next !== wall) change(next);
  };

  const onChange = (value: Dayjs | null) => {
    setDraft(value);
    if (value === null) send('');
    else if (value.isValid() && inBounds(value)) send(value.format(WALL_FORMAT[kind]));
  };

  const onBlur = () => {
    if (draft?.isValid() && !inBounds(draft)) send(draft.format(WALL_FORMAT[kind]));
    else if (draft && !draft.isValid()) send('');
    blur?.();
  };

  const format = FIELD_FORMAT[kind](intlLocaleOf(locale));
  const common = {
    value: draft,
    onChange,
    timezone: 'UTC',
    format,
    disabled,
    readOnly,
    label,
    inputRef,
    className,
    sx,
    slotProps: {
      textField: { id, dir: 'ltr', name, onBlur, error, fullWidth, margin, variant, size, helperText },
    },
  } as const;
  if (kind === 'time') return <TimePicker {...common} ampm={format.includes('A')} />;
  const calendar = {
    minDate: minDay ? dayjs.utc(`${minDay}T00:00`) : FIRST,
    maxDate: maxDay ? dayjs.utc(`${maxDay}T23:59`) : LAST,
    // MUI X heads a week with each day's first letter: in Swahili that is J J J A I J J, so the
    // calendar uses the language's own two-letter names (J3 Jumatatu … J2 Jumapili).
    dayOfWeekFormatter: pickerLanguageOf(locale) === 'sw' ? (day: Dayjs) => day.format('dd') : undefined,
  };
  if (kind === 'month') return <DatePicker {...common} {...calendar} views={['year', 'month']} openTo="month" />;
  if (kind === 'day') return <DatePicker {...common} {...calendar} />;
  return <DateTimePicker {...common} {...calendar} ampm={format.includes('A')} />;
}

/**
 * Digits of a date read left to right in every language; in a right-to-left page MUI X's field
 * reversed its sections (typed 01/03/2030 landed as 20/03/0800) and showed its format's escape
 * brackets. So the field and its calendar are laid out left to right there, like a phone number:
 * a left-to-right theme, and styles that the page's mirroring cache does not flip (flipped, the
 * empty field's label sat at the right, over the calendar button).
 */
const leftToRight = (outer: Theme): Theme => (outer.direction === 'ltr' ? outer : { ...outer, direction: 'ltr' });
let unmirrored: EmotionCache | undefined;
const unmirroredCache = () => (unmirrored ??= createCache({ key: 'muiltr' }));

/** A field's pickers in the panel's language (month names, button labels), laid out left to right. */
export function PickerLanguage({ children }: { children: ReactNode }) {
  const pageCache = __unsafe_useEmotionCache();
  const cache = useTheme().direction === 'rtl' ? unmirroredCache() : pageCache;
  const localized = (
    <ThemeProvider theme={leftToRight}>
      <PickersLocalization>{children}</PickersLocalization>
    </ThemeProvider>
  );
  // The provider stays in the tree whatever the direction, so a language switch keeps what is typed.
  return cache ? <CacheProvider value={cache}>{localized}</CacheProvider> : localized;
}

/** The field outside a react-admin form (a report's period, a list's day range, a pickup time). */
export function LocalizedWallClockField(props: WallClockFieldProps) {
  return (
    <PickerLanguage>
      <WallClockField {...props} />
    </PickerLanguage>
  );
}
