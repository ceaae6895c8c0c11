import { Box, Stack, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { TranslateFunction } from 'ra-core';
import type { SurgeRule } from '../../domain/fare';
import { WEEK_ORDER, describeWindow, surgeWeekGrid, type GridCell } from '../../domain/surge';
import { weekdayName } from '../../kit/format';
import { panelSurgeWording } from './surgeWording';

/** The multiplier's colour: grey without surge, amber to red as it rises (×3 and above the darkest). */
export function surgeColor(multiplier: number): string {
  if (multiplier <= 1) return 'transparent';
  const t = Math.min(1, (multiplier - 1) / 2);
  return `hsl(${Math.round(45 - 45 * t)}, 90%, ${Math.round(82 - 30 * t)}%)`;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
/** A multiplier as the language writes it, at most 2 decimals: "1.3" (fr "1,3"). */
const short = panelSurgeWording.number;

const GRID = 'app.priceSettings.grid';

function cellTitle(translate: TranslateFunction, cell: GridCell, rules: readonly SurgeRule[]): string {
  const when = `${weekdayName(cell.day)} ${hourLabel(cell.hour)}–${hourLabel((cell.hour + 1) % 24)}`;
  if (!cell.windows.length) return translate(`${GRID}.noSurgeAt`, { when });
  const windows = cell.windows.map((i) => rules[i].label || describeWindow(rules[i], panelSurgeWording)).join('; ');
  const range =
    cell.min === cell.max
      ? `×${short(cell.max)}`
      : translate(`${GRID}.range`, { min: short(cell.min), max: short(cell.max) });
  return `${when}: ${range}${cell.overlap ? translate(`${GRID}.overlap`) : ''} — ${windows}`;
}

/**
 * Surge over the week: a row per day (Monday first), a cell per hour, coloured by the highest
 * multiplier in force in that hour (src/domain/surge.ts). A cell with a window starting or ending
 * inside it shows its top half only; overlapping windows get a dark outline.
 */
export const SurgeWeekGrid = memo(function SurgeWeekGrid({ rules }: { rules: readonly SurgeRule[] }) {
  const translate = useTranslate();
  const grid = useMemo(() => surgeWeekGrid(rules), [rules]);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        role="table"
        aria-label={translate(`${GRID}.label`)}
        data-testid="surge-grid"
        sx={{
          display: 'grid',
          // The day column as wide as its longest name: Swahili's are whole words (Jumamosi).
          gridTemplateColumns: 'max-content repeat(24, minmax(26px, 1fr))',
          gap: '2px',
          minWidth: 720,
          fontSize: 11,
        }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Box role="columnheader" />
          {Array.from({ length: 24 }, (_, h) => (
            <Box key={h} role="columnheader" sx={{ textAlign: 'center', color: 'text.secondary' }}>
              {h % 3 === 0 ? String(h).padStart(2, '0') : ''}
            </Box>
          ))}
        </Box>
        {WEEK_ORDER.map((day) => (
          <Box role="row" key={day} sx={{ display: 'contents' }}>
            <Box role="rowheader" sx={{ fontWeight: 600, alignSelf: 'center' }}>
              {weekdayName(day)}
            </Box>
            {grid[day].map((cell) => (
              <Box
                key={cell.hour}
                role="cell"
                title={cellTitle(translate, cell, rules)}
                data-testid={`surge-cell-${day}-${cell.hour}`}
                data-multiplier={cell.max}
                data-overlap={cell.overlap || undefined}
                aria-label={cellTitle(translate, cell, rules)}
                sx={{
                  height: 26,
                  borderRadius: 0.5,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontVariantNumeric: 'tabular-nums',
                  bgcolor: cell.max > 1 ? undefined : 'action.hover',
                  background:
                    cell.max > 1
                      ? cell.min < cell.max
                        ? `linear-gradient(to bottom, ${surgeColor(cell.max)} 50%, ${surgeColor(cell.min)} 50%)`
                        : surgeColor(cell.max)
                      : undefined,
                  outline: cell.overlap ? '2px solid' : 'none',
                  outlineColor: 'text.primary',
                  outlineOffset: -2,
                  color: 'rgba(0,0,0,0.87)',
                }}
              >
                {cell.max > 1 ? short(cell.max) : ''}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {[1, 1.25, 1.5, 2, 3].map((m) => (
          <Stack key={m} direction="row" spacing={0.5} alignItems="center">
            <Box
              sx={{
                width: 16,
                height: 16,
                borderRadius: 0.5,
                bgcolor: m > 1 ? undefined : 'action.hover',
                background: m > 1 ? surgeColor(m) : undefined,
              }}
            />
            <Typography variant="caption">
              {m > 1 ? `×${short(m)}${m === 3 ? '+' : ''}` : translate(`${GRID}.noSurge`)}
            </Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Box sx={{ width: 16, height: 16, borderRadius: 0.5, outline: '2px solid', outlineOffset: -2 }} />
          <Typography variant="caption">{translate(`${GRID}.overlapLegend`)}</Typography>
        </Stack>
      </Stack>
    </Box>
  );
});
