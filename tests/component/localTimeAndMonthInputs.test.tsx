import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { SurgeWindowDialog } from '../../src/resources/price-settings/SurgeWindowDialog';
import { renderKit } from './kit/renderKit';
import { dateField, shownDate, typeDate } from './support/dateFields';

/**
 * The surge window's times are the shared time field (src/kit/pickers/WallClockField.tsx): the
 * language's clock and words, typed section by section, and the same "HH:mm" as the native input
 * sent. (The fare calculator's time and the revenue letter's months: priceSettings.test.tsx and
 * driverRevenueLetter.test.tsx.)
 */

afterEach(async () => {
  vi.restoreAllMocks();
  await i18nProvider.changeLocale('en');
});

const renderDialog = (onSave = vi.fn()) => {
  renderKit(<SurgeWindowDialog open onClose={vi.fn()} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
};

/** Empties a time field as a user does: every section selected, then deleted, then the field left. */
async function clearField(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(within(dateField(label)).getAllByRole('spinbutton')[0]!);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
  await user.tab();
}

describe('the surge-window dialog’s times', () => {
  it('show and take a 24-hour time in French words, say an overnight window, and save "HH:mm"', async () => {
    await i18nProvider.changeLocale('fr');
    const { onSave, user } = renderDialog();
    await waitFor(() => expect(shownDate('De')).toBe('17:00'));
    expect(shownDate('À')).toBe('20:00');
    const from = within(dateField('De'));
    expect(from.getByRole('spinbutton', { name: 'Heures' })).toBeInTheDocument();
    expect(from.getByRole('spinbutton', { name: 'Minutes' })).toBeInTheDocument();
    expect(
      within(dateField('De').parentElement!).getByRole('button', {
        name: "Choisir l'heure, l'heure sélectionnée est 17:00",
      }),
    ).toBeInTheDocument();

    await typeDate(user, 'De', '2215');
    await typeDate(user, 'À', '0300');
    expect(shownDate('De')).toBe('22:15');
    expect(shownDate('À')).toBe('03:00');
    expect(screen.getByText('Se prolonge après minuit sur le jour suivant')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({
      days: [1, 2, 3, 4, 5],
      from: '22:15',
      to: '03:00',
      multiplier: 1.5,
    });
  });

  it('keeps its messages: an emptied start is required, and nothing is saved', async () => {
    const { onSave, user } = renderDialog();
    await clearField(user, 'From');
    expect(shownDate('From')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Start time is required')).toBeInTheDocument();
    expect(dateField('From')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says the same message in Swahili, with the hours and minutes named in Swahili', async () => {
    await i18nProvider.changeLocale('sw');
    const { onSave, user } = renderDialog();
    await waitFor(() => expect(shownDate('Kuanzia')).toBe('17:00'));
    expect(within(dateField('Kuanzia')).getByRole('spinbutton', { name: 'Dakika' })).toBeInTheDocument();
    await clearField(user, 'Kuanzia');
    await user.click(screen.getByRole('button', { name: 'Ongeza' }));
    expect(await screen.findByText('Weka saa ya kuanza')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
