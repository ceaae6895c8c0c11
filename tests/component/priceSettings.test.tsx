import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeFare } from '../../src/domain/fare';
import { formatMoney } from '../../src/kit/format';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { dateField, shownDate, typeDate } from './support/dateFields';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);
const money = (n: number) => formatMoney(n)!.replace(/\s/g, ' ');

const rates = { baseFare: 100, pricePerKm: 35, pricePerMinute: 4, minimumFare: 200, cancellationFee: 100 };
const TYPES = [
  { id: 3, name: 'Economy', ...rates, commissionPercent: null, active: true, seats: 4 },
  { id: 4, name: 'Comfort', ...rates, baseFare: 150, commissionPercent: 15, active: true, seats: 4 },
];
const evening = { label: 'Weekday evening rush', days: [1, 2, 3, 4, 5], from: '17:00', to: '20:00', multiplier: 1.5 };
const nights = { label: 'Weekend nights', days: [5, 6], from: '22:00', to: '03:00', multiplier: 1.4 };
const SETTINGS = [
  {
    id: 1,
    name: 'Default pricing',
    vehicleTypeId: null,
    commissionPercent: 18,
    bidPercent: 20,
    surgeRules: [evening, nights],
    active: true,
  },
];

const ZONES = [
  { id: 1, name: 'Westlands', kind: 'zone', pickupAllowed: true, surgeMultiplier: 1.2, active: true },
  { id: 2, name: 'JKIA', kind: 'zone', pickupAllowed: true, surgeMultiplier: 1, active: true },
];
const ZONE_FARES = [
  {
    id: 5,
    fromZoneId: 2,
    toZoneId: 1,
    vehicleTypeId: null,
    amount: 2500,
    bothWays: true,
    active: true,
    route: 'JKIA → Westlands',
  },
  {
    id: 6,
    fromZoneId: 2,
    toZoneId: 1,
    vehicleTypeId: 4,
    amount: 3100,
    bothWays: true,
    active: true,
    route: 'JKIA → Westlands',
  },
];

const renderPage = (locale?: 'fr' | 'sw') =>
  renderApp('/price-setting', {
    session: locale ? sessionOf({ ...superAdminProfile, locale }) : admin,
    prepare: locale && (() => appStore.setItem('locale', locale)),
    api: {
      'GET /api/trip/zones': listAnswer('zones', ZONES),
      'GET /api/trip/zone-fares': listAnswer('zone-fares', ZONE_FARES),
      'GET /api/trip/price-settings': listAnswer('price-settings', SETTINGS),
      'GET /api/trip/vehicle-types': listAnswer('vehicle-types', TYPES),
      'POST /api/trip/price-settings/save': {
        json: { data: [], message: 'Price settings saved (1 profile). New quotes use them now.' },
      },
    },
  });

describe('the price-settings page', () => {
  it('shows the default profile with the bid explained, and the week grid coloured by multiplier', async () => {
    renderPage();
    const def = await screen.findByTestId('default-profile');
    expect(within(def).getByText('Passengers may offer from 80 % to 120 % of the estimate.')).toBeInTheDocument();
    const cell = (day: number, hour: number) => screen.getByTestId(`surge-cell-${day}-${hour}`);
    expect(cell(5, 18)).toHaveAttribute('data-multiplier', '1.5');
    expect(cell(5, 18)).toHaveTextContent('1.5');
    expect(cell(5, 16)).toHaveAttribute('data-multiplier', '1');
    // Friday 22:00–03:00 runs past midnight into Saturday.
    expect(cell(6, 2)).toHaveAttribute('data-multiplier', '1.4');
    expect(cell(5, 2)).toHaveAttribute('data-multiplier', '1');
    expect(screen.getByTestId('overrides-Comfort')).toHaveTextContent("commission 15 % (the vehicle type's own)");
    expect(screen.getByTestId('overrides-Economy')).toHaveTextContent('Same as the default');
  });

  it('writes the week grid’s multipliers as the language does: French "1,5", not "1.5"', async () => {
    await i18nProvider.changeLocale('fr');
    renderPage('fr');
    try {
      const cell = (day: number, hour: number) => screen.getByTestId(`surge-cell-${day}-${hour}`);
      await screen.findByTestId('surge-grid');
      await waitFor(() => expect(cell(5, 18)).toHaveTextContent(/^1,5$/));
      expect(cell(6, 2)).toHaveTextContent(/^1,4$/);
      expect(cell(5, 18).title).toContain('×1,5');
      expect(screen.getByText('×1,25')).toBeInTheDocument(); // the legend
      expect(screen.getByTestId('surge-grid').textContent).not.toMatch(/\d\.\d/);
      // The calculator's surge line too.
      expect(within(screen.getByTestId('calc-surge')).getByTestId('calc-now')).toHaveTextContent(/\(×1,5\)$/);
    } finally {
      appStore.removeItem('locale');
      await i18nProvider.changeLocale('en');
    }
  });

  it('takes the calculator’s time on the Swahili 24-hour clock, typed, and prices that time', async () => {
    await i18nProvider.changeLocale('sw');
    const { user } = renderPage('sw');
    try {
      const surge = () => within(screen.getByTestId('calc-surge')).getByTestId('calc-now');
      await screen.findByTestId('fare-calculator');
      // Economy, Friday 18:00: the evening window's ×1.5.
      await waitFor(() => expect(shownDate('Saa')).toBe('18:00'));
      expect(within(dateField('Saa')).getByRole('spinbutton', { name: 'Dakika' })).toBeInTheDocument();
      expect(surge()).toHaveTextContent('(×1.5)');
      await typeDate(user, 'Saa', '1630');
      expect(shownDate('Saa')).toBe('16:30');
      await waitFor(() => expect(surge()).toHaveTextContent(/\(×1\)$/));
      await typeDate(user, 'Saa', '2330');
      // Friday 23:30: the weekend nights' ×1.4.
      await waitFor(() => expect(surge()).toHaveTextContent('(×1.4)'));
    } finally {
      appStore.removeItem('locale');
      await i18nProvider.changeLocale('en');
    }
  });

  it("prices the calculator's trip in a zone: the zone's surge adds to the window, a fixed fare replaces the fare (issue 32)", async () => {
    const { user } = renderPage();
    const zone = await screen.findByRole('combobox', { name: 'Zone' });
    const total = () => within(screen.getByTestId('calc-total')).getByTestId('calc-now');
    const price = (m: number) =>
      computeFare({
        rates: { ...rates, commissionPercent: null },
        commissionPercent: 18,
        distanceKm: 12,
        durationMin: 30,
        surgeMultiplier: m,
      }).total;
    // Economy, Friday 18:00: the evening window's ×1.5.
    expect(total()).toHaveTextContent(money(price(1.5)));
    await user.click(zone);
    // Economy is offered the fixed fare for every type, not Comfort's own.
    expect(screen.queryByRole('option', { name: /3,100/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Westlands (surge ×1.2)' }));
    await waitFor(() => expect(total()).toHaveTextContent(money(price(1.7))));
    const line = screen.getByTestId('calc-zone-line');
    expect(line).toHaveTextContent('Zone surge ×1.2 — Westlands');
    expect(line).toHaveTextContent(`+${money(price(1.7) - price(1.5))}`);

    await user.click(zone);
    await user.click(await screen.findByRole('option', { name: /^Fixed fare JKIA → Westlands/ }));
    await waitFor(() => expect(total()).toHaveTextContent(money(2500)));
    expect(screen.getByTestId('calc-zone-line')).toHaveTextContent('Fixed fare JKIA → Westlands');
    expect(within(screen.getByTestId('calc-surge')).getByTestId('calc-now')).toHaveTextContent('×1');
  });

  it('raises Economy’s Friday evening: the grid, the calculator and the summary show it before saving', async () => {
    const { user, api } = renderPage();
    const economy = await screen.findByTestId('overrides-Economy');
    await user.click(within(economy).getByRole('button', { name: 'Give Economy its own windows' }));
    await user.click(within(economy).getByRole('button', { name: 'Add window' }));
    const dialog = await screen.findByRole('dialog');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu']) await user.click(within(dialog).getByRole('button', { name: day }));
    const multiplier = within(dialog).getByLabelText('Multiplier');
    await user.clear(multiplier);
    await user.type(multiplier, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Multiplier must be at most 5')).toBeInTheDocument();
    await user.clear(multiplier);
    await user.type(multiplier, '1.8');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The card says what Economy now prices differently from the default.
    expect(economy).toHaveTextContent('Differs from the default: surge Fri 17:00–20:00: ×1.5 → ×1.8');
    // The overlap is named; the highest wins.
    expect(within(economy).getByTestId('surge-overlaps')).toHaveTextContent('the highest multiplier applies');
    // The calculator (Economy, 12 km, 30 min, Friday 18:00) prices both.
    const total = screen.getByTestId('calc-total');
    const price = (m: number) =>
      computeFare({
        rates: { ...rates, commissionPercent: null },
        commissionPercent: 18,
        distanceKm: 12,
        durationMin: 30,
        surgeMultiplier: m,
      }).total;
    expect(within(total).getByTestId('calc-now')).toHaveTextContent(money(price(1.5)));
    expect(within(total).getByTestId('calc-edited')).toHaveTextContent(money(price(1.8)));
    // The grid for Economy.
    await user.click(screen.getByRole('combobox', { name: 'Show surge for' }));
    await user.click(await screen.findByRole('option', { name: 'Economy' }));
    expect(screen.getByTestId('surge-cell-5-18')).toHaveAttribute('data-multiplier', '1.8');
    expect(screen.getByTestId('surge-cell-5-18')).toHaveAttribute('data-overlap', 'true');

    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByTestId('change-summary')).toHaveTextContent('Economy, Fri 17:00–20:00: ×1.5 → ×1.8');
    // And in money, before saving: the commute (12 km, 30 min) on Friday at 17:00, fare and commission.
    const effect = within(within(confirm).getByTestId('change-effects')).getAllByRole('row')[1];
    expect(effect).toHaveTextContent('Economy');
    expect(effect).toHaveTextContent('Fri 17:00 (×1.5 → ×1.8)');
    expect(effect).toHaveTextContent(`${money(price(1.5))} → ${money(price(1.8))}`);
    expect(effect).toHaveTextContent(`${money(0.18 * price(1.5))} → ${money(0.18 * price(1.8))}`);
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.path.endsWith('/price-settings/save'))).toBe(true));
    const body = api.requests.find((r) => r.path.endsWith('/save'))!.body as { profiles: Record<string, unknown>[] };
    expect(body.profiles).toEqual([
      {
        vehicleTypeId: 3,
        commissionPercent: null,
        bidPercent: null,
        surgeRules: [evening, nights, { label: undefined, days: [5], from: '17:00', to: '20:00', multiplier: 1.8 }].map(
          (r) => JSON.parse(JSON.stringify(r)),
        ),
      },
    ]);
  });

  it('asks before leaving with unsaved changes, and keeps them when the answer is to stay', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = renderPage();
    const economy = await screen.findByTestId('overrides-Economy');
    await user.click(within(economy).getByRole('button', { name: /Give Economy its own windows/ }));
    await screen.findByTestId('unsaved-bar');
    await router.navigate('/trip-management/trips');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/changes weren't saved/)));
    expect(router.state.location.pathname).toBe('/price-setting');
    expect(screen.getByTestId('unsaved-bar')).toBeInTheDocument();
  });

  it('holds the save while a percentage is out of range', async () => {
    const { user } = renderPage();
    const def = await screen.findByTestId('default-profile');
    const commission = within(def).getByLabelText('Commission');
    await user.clear(commission);
    await user.type(commission, '150');
    expect(await within(def).findByText('Commission must be at most 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
  });
});

describe('the price-settings page’s words', () => {
  /**
   * The texts and labels shown in `root` that still contain a word once data is taken out: names, money,
   * and the windows as src/domain/surge.ts describes them ("Fri, Sat 22:00–03:00 (next day) ×1.4").
   */
  function untranslated(root: Element): string[] {
    const data = /\b(Economy|Comfort|Weekday evening rush|Weekend nights|Mon|Tue|Wed|Thu|Fri|Sat|Sun|next day|KES)\b/g;
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    // A time field's own words (its sections' and its clock button's names) come from MUI X's
    // catalogue for the language (src/kit/pickers/PickersLocalization.tsx), checked in
    // localTimeAndMonthInputs.test.tsx.
    const ownWords = (el: Element) => el.closest('.MuiPickersInputBase-root, .MuiInputAdornment-root');
    for (const el of root.querySelectorAll('[aria-label], [placeholder]'))
      if (!ownWords(el)) texts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '');
    return texts.filter((text) => !text.includes('⟦') && /[A-Za-z]/.test(text.replace(data, '')));
  }

  it('come from the messages (src/i18n), the dialogs’ too', async () => {
    // Every message of the page, and react-admin's own buttons, marked as it is translated.
    const translate = i18nProvider.translate;
    vi.spyOn(i18nProvider, 'translate').mockImplementation((key, options) => {
      const text = translate(key, options);
      return key.startsWith('app.priceSettings.') || key.startsWith('app.zoneEffect.') || key.startsWith('ra.action.')
        ? `⟦${text}⟧`
        : text;
    });
    const { user } = renderPage();
    const economy = await screen.findByTestId('overrides-Economy');
    const main = document.getElementById('main-content')!;
    expect(untranslated(main)).toEqual([]);

    // A type given its own windows: the unsaved bar and the confirmation.
    await user.click(within(economy).getByRole('button', { name: /Give Economy its own windows/ }));
    expect(await screen.findByTestId('unsaved-bar')).toHaveTextContent('⟦Not saved yet: no fare changes so far⟧');
    expect(untranslated(main)).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Review and save/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('⟦Save these price changes?⟧');
    expect(untranslated(confirm)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The surge-window dialog.
    await user.click(within(screen.getByTestId('default-profile')).getByRole('button', { name: /Add window/ }));
    const surgeDialog = await screen.findByRole('dialog');
    expect(surgeDialog).toHaveTextContent('⟦Add surge window⟧');
    expect(untranslated(surgeDialog)).toEqual([]);
  });
});
