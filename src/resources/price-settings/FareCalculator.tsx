import { Box, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { TranslateFunction } from 'ra-core';
import type { VehicleTypeRates } from '../../domain/fare';
import { difference } from '../../domain/farePreview';
import {
  calculateFare,
  type CalculatorInput,
  type CalculatorResult,
  type PricingDraft,
} from '../../domain/pricingChange';
import { WEEK_ORDER } from '../../domain/surge';
import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatSignedMoney,
  formatSignedPercent,
  weekdayName,
} from '../../kit/format';
import { calculatorZoneOptions } from '../../domain/zoneFares';
import { zoneFares, zones } from '../../domain/resources';
import { useZoneEffectText } from '../../kit/zoneEffectText';
import { LocalizedWallClockField } from '../../kit/pickers/WallClockField';

export interface CalculatorType extends VehicleTypeRates {
  id: number;
  name: string;
  active: boolean;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The breakdown's lines. A label names the line only: the multiplier and the commission rate can
 * differ between the two columns, so each cell says its own ("KES 350.00 (×1.5)").
 */
const ROWS_KEY = 'app.priceSettings.calc.rows';
const named = (key: string) => (translate: TranslateFunction) => translate(`${ROWS_KEY}.${key}`);

const ROWS: {
  key: string;
  label: (translate: TranslateFunction, r: CalculatorResult | undefined) => string;
  value: (r: CalculatorResult) => number;
  rate?: (r: CalculatorResult) => string;
}[] = [
  { key: 'base', label: named('base'), value: (r) => r.base },
  {
    key: 'distance',
    label: (translate, r) =>
      r ? translate(`${ROWS_KEY}.distanceOf`, { km: formatDecimal(r.distanceKm) }) : translate(`${ROWS_KEY}.distance`),
    value: (r) => r.distance,
  },
  {
    key: 'time',
    label: (translate, r) =>
      r ? translate(`${ROWS_KEY}.timeOf`, { min: formatDecimal(r.durationMin) }) : translate(`${ROWS_KEY}.time`),
    value: (r) => r.time,
  },
  {
    key: 'surge',
    label: named('surge'),
    value: (r) => r.surge,
    rate: (r) => `×${formatDecimal(r.surgeMultiplier)}`,
  },
  { key: 'minimumTopUp', label: named('minimumTopUp'), value: (r) => r.minimumTopUp },
  { key: 'total', label: named('total'), value: (r) => r.total },
  {
    key: 'commission',
    label: named('commission'),
    value: (r) => r.commission,
    rate: (r) => formatPercent(r.commissionPercent) ?? '',
  },
  { key: 'driverShare', label: named('driverShare'), value: (r) => r.driverShare },
];

const cell = (row: (typeof ROWS)[number], r: CalculatorResult | undefined) =>
  r ? `${formatMoney(row.value(r))}${row.rate ? ` (${row.rate(r)})` : ''}` : '—';

/**
 * Prices one trip (vehicle type, distance, duration, weekday and time) with the settings in force
 * and with the settings being edited, line by line, as the server would quote it.
 */
export function FareCalculator({
  types,
  saved,
  draft,
}: {
  types: readonly CalculatorType[];
  saved: PricingDraft;
  draft: PricingDraft;
}) {
  const translate = useTranslate();
  const [typeId, setTypeId] = useState<number | ''>(
    () => (types.find((t) => t.name === 'Economy') ?? types.find((t) => t.active) ?? types[0])?.id ?? '',
  );
  const [distance, setDistance] = useState('12');
  const [duration, setDuration] = useState('30');
  const [day, setDay] = useState(5);
  const [time, setTime] = useState('18:00');
  const [zoneKey, setZoneKey] = useState('');
  const type = types.find((t) => t.id === typeId);
  const zoneOptions = useZoneOptions(type?.id);
  const zoneLine = useZoneEffectText();
  const zoneChoice = zoneOptions.find((o) => o.key === zoneKey);
  const distanceKm = Number(distance);
  const durationMin = Number(duration);
  const inputsOk =
    distance.trim() !== '' &&
    duration.trim() !== '' &&
    distanceKm >= 0 &&
    distanceKm <= 500 &&
    durationMin >= 0 &&
    durationMin <= 1440;
  const price = (settings: PricingDraft, zone: CalculatorInput['zone'] | null = zoneChoice?.zone) =>
    type && inputsOk
      ? calculateFare({
          vehicleType: type,
          defaults: settings.defaults,
          own: settings.own[type.id],
          distanceKm,
          durationMin,
          day,
          time,
          zone: zone ?? undefined,
        })
      : undefined;
  const now = price(saved);
  const edited = price(draft);
  // The zone's line: what it changes in the total against the same trip outside any zone.
  const zoneChange = (settings: PricingDraft, r: CalculatorResult | undefined) => {
    const outside = price(settings, null);
    return r && outside ? formatSignedMoney(difference(outside.total, r.total).amount) : '—';
  };
  const totalChange = now && edited ? difference(now.total, edited.total) : undefined;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label={translate('app.priceSettings.calc.vehicleType')}
          value={typeId}
          onChange={(e) => setTypeId(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          {types.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.active ? t.name : translate('app.priceSettings.calc.inactive', { name: t.name })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('app.priceSettings.calc.distanceKm')}
          type="number"
          value={distance}
          onChange={(e) => setDistance(e.target.value)}
          error={!(distanceKm >= 0 && distanceKm <= 500) || distance.trim() === ''}
          slotProps={{ htmlInput: { min: 0, max: 500, step: 0.1 } }}
          sx={{ width: 130 }}
        />
        <TextField
          size="small"
          label={translate('app.priceSettings.calc.durationMin')}
          type="number"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          error={!(durationMin >= 0 && durationMin <= 1440) || duration.trim() === ''}
          slotProps={{ htmlInput: { min: 0, max: 1440, step: 1 } }}
          sx={{ width: 130 }}
        />
        <TextField
          select
          size="small"
          label={translate('app.priceSettings.calc.day')}
          value={day}
          onChange={(e) => setDay(Number(e.target.value))}
          sx={{ width: 100 }}
        >
          {WEEK_ORDER.map((d) => (
            <MenuItem key={d} value={d}>
              {weekdayName(d)}
            </MenuItem>
          ))}
        </TextField>
        <LocalizedWallClockField
          kind="time"
          label={translate('app.priceSettings.calc.time')}
          value={time}
          onChange={setTime}
          helperText={translate('app.priceSettings.calc.timeHint')}
          sx={{ width: 160 }}
        />
        {zoneOptions.length > 0 && (
          <TextField
            select
            size="small"
            label={translate('app.zoneEffect.calcZone')}
            value={zoneChoice ? zoneKey : ''}
            onChange={(e) => setZoneKey(e.target.value)}
            helperText={translate('app.zoneEffect.calcZoneHint')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: 280 }}
            data-testid="calc-zone"
          >
            <MenuItem value="">{translate('app.zoneEffect.none')}</MenuItem>
            {zoneOptions.map((o) => (
              <MenuItem key={o.key} value={o.key}>
                {o.effect.kind === 'fixed'
                  ? translate('app.zoneEffect.fixedOption', {
                      route: o.effect.route,
                      amount: formatMoney(o.effect.amount),
                    })
                  : translate('app.zoneEffect.surgeOption', {
                      zone: o.effect.zones,
                      multiplier: formatDecimal(o.effect.multiplier),
                    })}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Table size="small" data-testid="fare-calculator" sx={{ maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{translate('app.priceSettings.calc.inForce')}</TableCell>
            <TableCell align="right">{translate('app.priceSettings.calc.beingEdited')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((row) => {
            const strong = row.key === 'total' ? { fontWeight: 700 } : undefined;
            return (
              <TableRow key={row.key} data-testid={`calc-${row.key}`}>
                <TableCell sx={strong}>{row.label(translate, edited ?? now)}</TableCell>
                <TableCell align="right" sx={{ ...numeric, ...strong }} data-testid="calc-now">
                  {cell(row, now)}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, ...strong }} data-testid="calc-edited">
                  {cell(row, edited)}
                </TableCell>
              </TableRow>
            );
          })}
          {zoneChoice && (
            <TableRow data-testid="calc-zone-line">
              <TableCell>{zoneLine(zoneChoice.effect)}</TableCell>
              <TableCell align="right" sx={numeric}>
                {zoneChange(saved, now)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {zoneChange(draft, edited)}
              </TableCell>
            </TableRow>
          )}
          {totalChange && totalChange.amount !== 0 && (
            <TableRow data-testid="calc-change">
              <TableCell>{translate('app.priceSettings.calc.change')}</TableCell>
              <TableCell />
              <TableCell align="right" sx={{ ...numeric, color: 'warning.dark', fontWeight: 700 }}>
                {formatSignedMoney(totalChange.amount)} ({formatSignedPercent(totalChange.percent)})
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** The active zones with a surge and the fixed fares, as the calculator's choices (none without the Zone permission). */
function useZoneOptions(vehicleTypeId: number | undefined) {
  const { canAccess } = useCanAccess({ resource: zones.path, action: 'list' });
  const all = { pagination: { page: 1, perPage: 200 }, filter: { active: true } };
  const options = { enabled: canAccess === true, retry: false };
  const zoneList = useGetList(zones.path, { ...all, sort: { field: 'name', order: 'ASC' } }, options);
  const fareList = useGetList(zoneFares.path, { ...all, sort: { field: 'id', order: 'ASC' } }, options);
  return calculatorZoneOptions(
    (zoneList.data ?? []) as Parameters<typeof calculatorZoneOptions>[0],
    (fareList.data ?? []) as Parameters<typeof calculatorZoneOptions>[1],
    vehicleTypeId,
  );
}
