import { renderText } from './surgeWording';
import { insightMessages } from '../i18n/insightMessages';

/** The words of a duration: templates with %{value} (and %{hours}, %{minutes}), in one language. */
export interface DurationUnits {
  seconds: string;
  minutes: string;
  hoursMinutes: string;
}
const ENGLISH: DurationUnits = insightMessages.reports.pdf;

/** Seconds (≥ 0) → "45 s", "12 min", "1 h 05 min" (sw "dak 12"): the panel's durations, and the server's PDFs. */
export function secondsText(seconds: number, units: DurationUnits = ENGLISH): string {
  if (seconds < 60) return renderText(units.seconds, { value: Math.round(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return renderText(units.minutes, { value: minutes });
  return renderText(units.hoursMinutes, {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}
