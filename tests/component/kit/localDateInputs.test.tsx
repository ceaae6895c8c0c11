import { ThemeProvider, type Theme } from '@mui/material/styles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimpleForm, required } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { CityDateInput } from '../../../src/kit/CityDateInput';
import { CityDateTimeInput } from '../../../src/kit/CityDateTimeInput';
import { DayInput } from '../../../src/kit/DayInput';
import { dateField, shownDate, typeDate } from '../support/dateFields';
import { renderKit } from './renderKit';

/**
 * The date inputs follow the panel's language, not the browser's: French and Swahili staff see
 * and type day/month/year (the way Intl writes a short date in fr and sw-KE), in the language's
 * words, and the form stores exactly what it stored with the browser's native input.
 */

afterEach(async () => {
  vi.restoreAllMocks();
  await i18nProvider.changeLocale('en');
});

function renderForm(onSubmit: (values: Record<string, unknown>) => void) {
  return renderKit(
    <SimpleForm record={{ id: 1, validFrom: '2030-03-01T05:00:00.000Z' }} onSubmit={onSubmit} toolbar={false}>
      <CityDateTimeInput source="validFrom" label="app.test.validFrom" />
      <CityDateInput source="calledAt_gte" edge="start" label="app.test.calledFrom" />
      <DayInput source="licenceExpiry" label="app.test.expiry" validate={required()} />
    </SimpleForm>,
  );
}

const submit = () => document.querySelector('form')!.requestSubmit();

describe('date inputs in French', () => {
  it('show and take dd/mm/yyyy and a 24-hour time, in French words, and store the same values', async () => {
    await i18nProvider.changeLocale('fr');
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const user = userEvent.setup();

    // A stored instant shows on the Nairobi clock, day first.
    await waitFor(() => expect(shownDate('app.test.validFrom')).toBe('01/03/2030 08:00'));
    expect(screen.getByText('Heure de Nairobi')).toBeInTheDocument();
    // An empty field says which order to type in, with French letters.
    expect(dateField('app.test.expiry')).toHaveTextContent('JJ/MM/AAAA');
    expect(within(dateField('app.test.validFrom')).getByRole('spinbutton', { name: 'Jour' })).toBeInTheDocument();

    await typeDate(user, 'app.test.validFrom', '020320300930');
    await typeDate(user, 'app.test.calledFrom', '03032026');
    await typeDate(user, 'app.test.expiry', '31012029');
    expect(shownDate('app.test.validFrom')).toBe('02/03/2030 09:30');
    expect(shownDate('app.test.calledFrom')).toBe('03/03/2026');
    expect(shownDate('app.test.expiry')).toBe('31/01/2029');

    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      validFrom: '2030-03-02T06:30:00.000Z',
      calledAt_gte: '2026-03-02T21:00:00.000Z',
      licenceExpiry: '2029-01-31',
    });
  });

  it('opens a calendar in French and keeps arrow keys working on a section', async () => {
    await i18nProvider.changeLocale('fr');
    renderForm(vi.fn());
    const user = userEvent.setup();
    await waitFor(() => expect(shownDate('app.test.validFrom')).toBe('01/03/2030 08:00'));

    await user.click(within(dateField('app.test.validFrom')).getByRole('spinbutton', { name: 'Jour' }));
    await user.keyboard('{ArrowUp}');
    expect(shownDate('app.test.validFrom')).toBe('02/03/2030 08:00');

    await user.click(
      within(dateField('app.test.calledFrom').parentElement!).getByRole('button', { name: 'Choisir la date' }),
    );
    const calendar = await screen.findByRole('dialog');
    expect(
      within(calendar).getByText(
        /novembre|décembre|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre/,
      ),
    ).toBeInTheDocument();
  });
});

describe('date inputs in Swahili', () => {
  it('show and take dd/mm/yyyy, say the error in Swahili, and store the same values', async () => {
    await i18nProvider.changeLocale('sw');
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const user = userEvent.setup();

    await waitFor(() => expect(shownDate('app.test.validFrom')).toBe('01/03/2030, 08:00'));
    expect(screen.getByText('Saa za Nairobi')).toBeInTheDocument();
    expect(within(dateField('app.test.calledFrom')).getByRole('spinbutton', { name: 'Mwezi' })).toBeInTheDocument();

    // The required day left empty: the error is said under the field and tied to it.
    submit();
    await waitFor(() => expect(dateField('app.test.expiry')).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = dateField('app.test.expiry').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)).toHaveTextContent(
      i18nProvider.translate('ra.validation.required') as string,
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await typeDate(user, 'app.test.calledFrom', '03032026');
    await typeDate(user, 'app.test.expiry', '31012029');
    expect(shownDate('app.test.calledFrom')).toBe('03/03/2026');

    await user.click(
      within(dateField('app.test.calledFrom').parentElement!).getByRole('button', { name: /Chagua tarehe/ }),
    );
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('Machi 2026')).toBeInTheDocument();
    // The week's heads are Swahili's own short names, Monday (Jumatatu, J3) first.
    const heads = within(calendar)
      .getAllByRole('columnheader')
      .map((head) => head.textContent);
    expect(heads).toEqual(['J3', 'J4', 'J5', 'Al', 'Ij', 'J1', 'J2']);
    await user.keyboard('{Escape}');

    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      validFrom: '2030-03-01T05:00:00.000Z',
      calledAt_gte: '2026-03-02T21:00:00.000Z',
      licenceExpiry: '2029-01-31',
    });
  });
});

describe('date inputs in a right-to-left page', () => {
  it('keep the day, month and year in their order as typed, and store the same value', async () => {
    const onSubmit = vi.fn();
    renderKit(
      <ThemeProvider theme={(outer: Theme) => ({ ...outer, direction: 'rtl' as const })}>
        <SimpleForm record={{ id: 1 }} onSubmit={onSubmit} toolbar={false}>
          <CityDateInput source="calledAt_gte" edge="start" label="app.test.calledFrom" />
          <CityDateTimeInput source="validFrom" label="app.test.validFrom" />
        </SimpleForm>
      </ThemeProvider>,
    );
    const user = userEvent.setup();
    await screen.findByText('Nairobi time');
    await typeDate(user, 'app.test.calledFrom', '03032026');
    await typeDate(user, 'app.test.validFrom', '010320300800');
    expect(shownDate('app.test.calledFrom')).toBe('03/03/2026');
    expect(shownDate('app.test.validFrom')).toBe('01/03/2030, 08:00');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      calledAt_gte: '2026-03-02T21:00:00.000Z',
      validFrom: '2030-03-01T05:00:00.000Z',
    });
  });
});
