import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { TimeViewWithMeridiem } from '@mui/x-date-pickers/internals';

/**
 * The date pickers' own words in Swahili (MUI X ships English and French, not Swahili), in the
 * glossary's register (src/i18n/glossary.md). The field placeholders keep DD/MM/YYYY, as Kenyan
 * forms print them.
 */
const views: Record<TimeViewWithMeridiem, string> = {
  hours: 'saa',
  minutes: 'dakika',
  seconds: 'sekunde',
  meridiem: 'asubuhi au mchana',
};

export const swahiliPickers: Partial<PickersLocaleText> = {
  previousMonth: 'Mwezi uliopita',
  nextMonth: 'Mwezi ujao',
  openPreviousView: 'Fungua mwonekano uliotangulia',
  openNextView: 'Fungua mwonekano unaofuata',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year'
      ? 'Mwonekano wa mwaka umefunguliwa, fungua kalenda'
      : 'Kalenda imefunguliwa, fungua mwonekano wa mwaka',
  start: 'Mwanzo',
  end: 'Mwisho',
  startDate: 'Tarehe ya kuanza',
  startTime: 'Saa ya kuanza',
  endDate: 'Tarehe ya mwisho',
  endTime: 'Saa ya mwisho',
  cancelButtonLabel: 'Ghairi',
  clearButtonLabel: 'Futa',
  okButtonLabel: 'Sawa',
  todayButtonLabel: 'Leo',
  nextStepButtonLabel: 'Endelea',
  datePickerToolbarTitle: 'Chagua tarehe',
  dateTimePickerToolbarTitle: 'Chagua tarehe na saa',
  timePickerToolbarTitle: 'Chagua saa',
  dateRangePickerToolbarTitle: 'Chagua kipindi cha tarehe',
  clockLabelText: (view, time) =>
    `Chagua ${views[view]}. ${time ? `Saa iliyochaguliwa ni ${time}` : 'Hakuna saa iliyochaguliwa'}`,
  hoursClockNumberText: (hours) => `saa ${hours}`,
  minutesClockNumberText: (minutes) => `dakika ${minutes}`,
  secondsClockNumberText: (seconds) => `sekunde ${seconds}`,
  selectViewText: (view) => `Chagua ${views[view]}`,
  calendarWeekNumberHeaderLabel: 'Wiki',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (week) => `Wiki ${week}`,
  calendarWeekNumberText: (week) => `${week}`,
  openDatePickerDialogue: (date) => (date ? `Chagua tarehe, tarehe iliyochaguliwa ni ${date}` : 'Chagua tarehe'),
  openTimePickerDialogue: (time) => (time ? `Chagua saa, saa iliyochaguliwa ni ${time}` : 'Chagua saa'),
  fieldClearLabel: 'Futa thamani',
  timeTableLabel: 'chagua saa',
  dateTableLabel: 'chagua tarehe',
  fieldYearPlaceholder: (params) => 'Y'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'MMMM' : 'MM'),
  fieldDayPlaceholder: () => 'DD',
  fieldHoursPlaceholder: () => 'hh',
  fieldMinutesPlaceholder: () => 'mm',
  year: 'Mwaka',
  month: 'Mwezi',
  day: 'Siku',
  weekDay: 'Siku ya wiki',
  hours: 'Saa',
  minutes: 'Dakika',
  seconds: 'Sekunde',
  meridiem: 'Asubuhi/mchana',
  empty: 'Tupu',
};
