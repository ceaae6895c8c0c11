import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ValidationError } from 'yup';
import type { SurgeRule } from '../../domain/fare';
import { parseClock } from '../../domain/fare';
import { surgeRuleSchema } from '../../domain/resources/priceSettings';
import { translateMessage } from '../../i18n/translateMessage';
import { WEEK_ORDER } from '../../domain/surge';
import { weekdayName } from '../../kit/format';
import { LocalizedWallClockField } from '../../kit/pickers/WallClockField';

type Draft = { label: string; days: number[]; from: string; to: string; multiplier: string };

const toDraft = (rule?: SurgeRule): Draft => ({
  label: rule?.label ?? '',
  days: rule ? [...rule.days] : [1, 2, 3, 4, 5],
  from: rule?.from ?? '17:00',
  to: rule?.to ?? '20:00',
  multiplier: rule ? String(rule.multiplier) : '1.5',
});

/** The window's problems by field, from the same schema the service applies, in the panel's language. */
function problems(draft: Draft): { rule?: SurgeRule; errors: Record<string, string> } {
  const candidate = {
    ...(draft.label.trim() ? { label: draft.label.trim() } : {}),
    days: [...draft.days].sort((a, b) => a - b),
    from: draft.from,
    to: draft.to,
    multiplier: draft.multiplier.trim() === '' ? undefined : Number(draft.multiplier),
  };
  try {
    return { rule: surgeRuleSchema.validateSync(candidate, { abortEarly: false }) as SurgeRule, errors: {} };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const errors: Record<string, string> = {};
    // In the staff member's language, as a form's messages are (src/forms/yupResolver.ts).
    for (const inner of e.inner)
      errors[(inner.path ?? '_').replace(/\[\d+\]$/, '')] ??= translateMessage(inner.message);
    return { errors };
  }
}

/**
 * Adds or edits a surge window: days, from, to, multiplier and label, checked as the service
 * checks them. A window whose end is before its start runs past midnight, and the dialog says so.
 */
export function SurgeWindowDialog({
  open,
  rule,
  onClose,
  onSave,
}: {
  open: boolean;
  rule?: SurgeRule;
  onClose: () => void;
  onSave: (rule: SurgeRule) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.priceSettings.window.${key}`);
  const [draft, setDraft] = useState<Draft>(() => toDraft(rule));
  const [touched, setTouched] = useState(false);
  const { rule: valid, errors } = problems(draft);
  const shown = touched ? errors : {};
  const overnight =
    !Number.isNaN(parseClock(draft.to)) &&
    !Number.isNaN(parseClock(draft.from)) &&
    parseClock(draft.to) < parseClock(draft.from);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="surge-window-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (valid) onSave(valid);
        }}
      >
        <DialogTitle id="surge-window-title">{t(rule ? 'editTitle' : 'addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <div>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                {t('days')}
              </Typography>
              <ToggleButtonGroup
                size="small"
                value={draft.days}
                onChange={(_, days: number[]) => set({ days })}
                // Swahili names the days in full (Jumamosi): as written, and on two lines when needed.
                sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { textTransform: 'none' } }}
                aria-label={t('days')}
              >
                {WEEK_ORDER.map((d) => (
                  <ToggleButton key={d} value={d} aria-label={weekdayName(d)}>
                    {weekdayName(d)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {shown.days && <FormHelperText error>{shown.days}</FormHelperText>}
            </div>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <LocalizedWallClockField
                kind="time"
                label={t('from')}
                value={draft.from}
                onChange={(from) => set({ from })}
                error={Boolean(shown.from)}
                helperText={shown.from ?? t('fromHint')}
              />
              <LocalizedWallClockField
                kind="time"
                label={t('to')}
                value={draft.to}
                onChange={(to) => set({ to })}
                error={Boolean(shown.to)}
                helperText={shown.to ?? t(overnight ? 'overnight' : 'toHint')}
              />
              <TextField
                label={t('multiplier')}
                type="number"
                value={draft.multiplier}
                onChange={(e) => set({ multiplier: e.target.value })}
                error={Boolean(shown.multiplier)}
                helperText={shown.multiplier ?? t('multiplierHint')}
                slotProps={{ htmlInput: { step: 0.05, min: 1, max: 5 } }}
              />
            </Stack>
            <TextField
              label={t('label')}
              value={draft.label}
              onChange={(e) => set({ label: e.target.value })}
              error={Boolean(shown.label)}
              helperText={shown.label ?? t('labelHint')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t(rule ? 'apply' : 'add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
