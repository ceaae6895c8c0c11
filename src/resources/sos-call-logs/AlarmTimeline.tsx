import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { enumLabelKey } from '../../kit/enumChoices';
import { SectionCard } from '../../kit/DetailBlocks';
import { formatDateTime, formatSecondsPrecise } from '../../kit/format';
import { EmptyState } from '../../kit/States';
import type { SosAlarm, SosStep } from './types';

/** A simulated alarm nobody acted on, closed by the server (no member of staff on that step). */
const closedAutomatically = (alarm: SosAlarm, step: SosStep) =>
  alarm.simulated && (step.kind === 'resolved' || step.kind === 'false_alarm') && step.staffId === null;

/** Raised, reported again, acknowledged by whom after how long, notes, resolved or false alarm. */
export function AlarmTimeline({ alarm }: { alarm: SosAlarm }) {
  const translate = useTranslate();
  const kind = translate(enumLabelKey('reporterKind', alarm.callerKind), { _: alarm.callerKind }).toLowerCase();
  const text = (step: SosStep) =>
    translate(`app.sos.timeline.${closedAutomatically(alarm, step) ? 'closedAutomatically' : step.kind}`, {
      kind,
      who: step.staffName ?? '—',
      time: step.seconds == null ? '—' : formatSecondsPrecise(step.seconds),
    });
  const steps = alarm.timeline ?? [];
  return (
    <SectionCard title={translate('app.sos.detail.timeline')}>
      {steps.length === 0 ? (
        <EmptyState message="—" />
      ) : (
        <Box component="ol" data-testid="sos-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((step) => (
            <Box
              component="li"
              key={step.id}
              data-kind={step.kind}
              sx={{ display: 'flex', gap: 2, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Typography
                component="time"
                variant="body2"
                color="text.secondary"
                dateTime={new Date(step.at).toISOString()}
                sx={{ flexShrink: 0, width: { xs: 110, sm: 150 }, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatDateTime(step.at)}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: step.kind === 'note' ? 400 : 600 }}>
                  {text(step)}
                </Typography>
                {step.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                    {step.note}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
