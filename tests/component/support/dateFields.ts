import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The panel's date fields (src/kit/pickers/WallClockInput.tsx) are MUI X fields: a group named by
 * its label, one spinbutton per section (day, month, year, hours, minutes), typed from the
 * keyboard like a user does, and a hidden input holding the text the field shows.
 */
export const dateField = (label: string | RegExp): HTMLElement => screen.getByRole('group', { name: label });

/** The text the field shows, e.g. "03/03/2026" or "01/03/2030 08:00". */
export function shownDate(label: string | RegExp): string {
  const input = dateField(label).querySelector<HTMLInputElement>('input[aria-hidden="true"]');
  if (!input) throw new Error(`No date field labelled ${String(label)}`);
  return input.value;
}

/** Types digits into the field from its first section, as a user does ("03032026"). */
export async function typeDate(user: UserEvent, label: string | RegExp, digits: string): Promise<void> {
  await user.click(within(dateField(label)).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}
