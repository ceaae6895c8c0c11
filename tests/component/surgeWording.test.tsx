import { afterEach, describe, expect, it } from 'vitest';
import { describePricingChange, differencesFromDefault, type PricingDraft } from '../../src/domain/pricingChange';
import { describeWindow } from '../../src/domain/surge';
import { translateMessage } from '../../src/i18n/translateMessage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { refundProblem } from '../../src/domain/refunds';
import { refusal } from '../../src/domain/messageCodes';
import { FIRST_DAY, LAST_DAY } from '../../src/domain/fieldRules';
import { panelSurgeWording } from '../../src/resources/price-settings/surgeWording';

afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const fridayEvening = { days: [5], from: '17:00', to: '20:00', multiplier: 1.5 };
const weekendNight = { days: [5, 6], from: '22:00', to: '03:00', multiplier: 1.25 };
const saved: PricingDraft = {
  defaults: { commissionPercent: 18, bidPercent: 20, surgeRules: [fridayEvening] },
  own: {},
};
const economy = { id: 3, name: 'Economy', commissionPercent: null };

describe('surge, fare-change and refund texts in the panel’s language', () => {
  it('are English by default, as before', () => {
    expect(describeWindow(weekendNight, panelSurgeWording)).toBe('Fri, Sat 22:00–03:00 (next day) ×1.25');
  });

  it('follow French: day names, decimal commas, sentences and money', async () => {
    await i18nProvider.changeLocale('fr');
    expect(describeWindow(weekendNight, panelSurgeWording)).toBe('ven., sam. 22:00–03:00 (lendemain) ×1,25');
    expect(describeWindow({ ...fridayEvening, days: [0, 1, 2, 3, 4, 5, 6] }, panelSurgeWording)).toBe(
      'Tous les jours 17:00–20:00 ×1,5',
    );
    const after: PricingDraft = {
      defaults: { ...saved.defaults, commissionPercent: 20.5, surgeRules: [{ ...fridayEvening, multiplier: 1.8 }] },
      own: {},
    };
    expect(describePricingChange(saved, after, [economy], panelSurgeWording)).toEqual([
      'Par défaut : commission 18 % → 20,5 %',
      'Economy, ven. 17:00–20:00 : ×1,5 → ×1,8',
    ]);
    expect(
      differencesFromDefault(
        saved.defaults,
        { commissionPercent: null, bidPercent: null, surgeRules: [] },
        economy,
        panelSurgeWording,
      ),
    ).toEqual(['aucune majoration à aucune heure']);
    // French groups digits and sets the currency apart with narrow no-break spaces.
    expect(translateMessage(refundProblem(2000, 1500.5, 0)!).replace(/\s/g, ' ')).toBe(
      'Un remboursement ne peut pas dépasser 1 500,50 KES, le prix de la course',
    );
  });

  it('write the days of a message as the screens do, in each language', async () => {
    const message = refusal('between', { label: 'Licence expiry', min: FIRST_DAY, max: LAST_DAY });
    expect(message).toBe('Licence expiry must be between 1 Jan 1900 and 31 Dec 2099');
    await i18nProvider.changeLocale('fr');
    expect(translateMessage(message)).not.toMatch(/1900-01-01|2099-12-31/);
    expect(translateMessage(message)).toMatch(/1 janv\. 1900/);
  });

  it('follow Swahili', async () => {
    await i18nProvider.changeLocale('sw');
    expect(describeWindow(weekendNight, panelSurgeWording)).toMatch(
      /^Ijumaa, Jumamosi 22:00–03:00 \(siku inayofuata\) ×1\.25$/,
    );
  });
});
