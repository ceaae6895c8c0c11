import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { changeOf, type CardDefinition } from '../../domain/dashboardCards';
import { formatCount, formatMoney, formatNumber } from '../../kit/format';

export function formatCardValue(format: CardDefinition['format'], value: number | null): string {
  if (value === null) return '—';
  if (format === 'money') return formatMoney(value) ?? '—';
  if (format === 'percent') return formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
  return formatCount(value);
}

export interface KpiCardProps {
  definition: CardDefinition;
  value: number | null;
  previous?: number | null;
  breached?: number;
  /** e.g. "vs yesterday". */
  comparedWith?: string;
}

/**
 * One KPI: its value, and for compared cards ▲/▼ and the change in % against the previous period,
 * green when the change is good news and red when it is bad. Queue cards link to their list; SOS
 * alarms waiting are red.
 */
export function KpiCard({ definition, value, previous = null, breached, comparedWith }: KpiCardProps) {
  const translate = useTranslate();
  const label = translate(`app.insights.cards.${definition.key}`);
  const change = definition.compared ? changeOf(value, previous) : null;
  const good = change && change.direction !== 'flat' && (change.direction === 'up') === definition.higherIsBetter;
  const alarm = definition.key === 'sosUnacknowledged' && (value ?? 0) > 0;
  let changeText: ReactNode = null;
  if (change) {
    const arrow = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '■';
    const text =
      change.direction === 'flat'
        ? translate('app.insights.flat')
        : change.percent === null
          ? translate('app.insights.fromZero')
          : formatNumber(Math.abs(change.percent) / 100, { style: 'percent', maximumFractionDigits: 3 });
    changeText = (
      <Typography
        variant="body2"
        data-testid={`change-${definition.key}`}
        data-direction={change.direction}
        aria-label={
          change.direction === 'flat'
            ? translate('app.insights.flat')
            : translate(`app.insights.${change.direction}`, { percent: text })
        }
        sx={{
          color: change.direction === 'flat' ? 'text.secondary' : good ? 'success.main' : 'error.main',
          fontWeight: 600,
        }}
      >
        {arrow} {text}
      </Typography>
    );
  }
  const body = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color={alarm ? 'inherit' : 'text.secondary'} sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.25 }} data-testid={`value-${definition.key}`}>
        {formatCardValue(definition.format, value)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', minHeight: 20 }}>
        {changeText}
        {change && comparedWith && (
          <Typography variant="caption" color="text.secondary">
            {comparedWith}
          </Typography>
        )}
        {breached !== undefined && breached > 0 && (
          <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }} data-testid="breached">
            {translate('app.insights.breached', { count: breached })}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      data-testid={`kpi-${definition.key}`}
      sx={alarm ? { bgcolor: 'error.main', color: 'error.contrastText', borderColor: 'error.main' } : undefined}
    >
      {definition.link ? (
        <CardActionArea component={Link} to={definition.link}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
