import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PriceProfile, SurgeRule } from '../../domain/fare';
import { resolvePricing } from '../../domain/fare';
import { differencesFromDefault, type PricingDraft } from '../../domain/pricingChange';
import { SectionCard } from '../../kit/DetailBlocks';
import { formatPercent } from '../../kit/format';
import type { CalculatorType } from './FareCalculator';
import { bidSentence, PercentSetting } from './PercentSetting';
import { SurgeWindowList } from './SurgeWindowList';
import { panelSurgeWording } from './surgeWording';

export type TypeRow = CalculatorType & { commissionPercent: number | null };

const T = 'app.priceSettings';

/** A vehicle type's own settings as differences from the default, editable. */
export function TypeOverrides({
  type,
  draft,
  canEdit,
  onChange,
  onProblem,
}: {
  type: TypeRow;
  draft: PricingDraft;
  canEdit: boolean;
  onChange: (own: PriceProfile | undefined) => void;
  onProblem: (key: string, problem: string | undefined) => void;
}) {
  const translate = useTranslate();
  const own = draft.own[type.id];
  const rules = resolvePricing(draft.defaults, own, type);
  const profile: PriceProfile = own ?? { commissionPercent: null, bidPercent: null, surgeRules: null };
  const set = (change: Partial<PriceProfile>) => onChange({ ...profile, ...change });
  const differences = differencesFromDefault(draft.defaults, own, type, panelSurgeWording);
  return (
    <SectionCard
      title={type.name}
      subheader={
        differences.length
          ? translate(`${T}.type.differs`, { differences: differences.join('; ') })
          : translate(`${T}.type.same`)
      }
      action={
        !type.active ? <Chip size="small" variant="outlined" label={translate(`${T}.type.inactive`)} /> : undefined
      }
      data-testid={`overrides-${type.name}`}
    >
      {own?.active === false && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${T}.type.switchedOff`)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <PercentSetting
          label={translate(`${T}.commission`)}
          optional
          value={profile.commissionPercent}
          onChange={(commissionPercent) => set({ commissionPercent })}
          disabled={!canEdit || type.commissionPercent !== null}
          placeholder={translate(`${T}.type.defaultValue`, {
            value: formatPercent(draft.defaults.commissionPercent ?? 0),
          })}
          helperText={
            type.commissionPercent !== null
              ? translate(`${T}.type.typeSets`, { value: formatPercent(type.commissionPercent) })
              : translate(`${T}.type.emptyIsDefault`)
          }
          onProblem={(p) => onProblem(`${type.id}.commission`, p)}
        />
        <PercentSetting
          label={translate(`${T}.bidPercent`)}
          optional
          value={profile.bidPercent}
          onChange={(bidPercent) => set({ bidPercent })}
          disabled={!canEdit}
          placeholder={translate(`${T}.type.defaultValue`, { value: formatPercent(draft.defaults.bidPercent ?? 0) })}
          helperText={bidSentence(translate, rules.bidPercent)}
          onProblem={(p) => onProblem(`${type.id}.bid`, p)}
        />
      </Box>
      {profile.surgeRules === null ? (
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.type.defaultWindows`)}
          </Typography>
          {canEdit && (
            <Button size="small" onClick={() => set({ surgeRules: [...(draft.defaults.surgeRules ?? [])] })}>
              {translate(`${T}.type.ownWindows`, { name: type.name })}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack spacing={1}>
          <SurgeWindowList
            rules={profile.surgeRules}
            readOnly={!canEdit}
            onChange={(surgeRules: SurgeRule[]) => set({ surgeRules })}
          />
          {canEdit && (
            <div>
              <Button size="small" color="inherit" onClick={() => set({ surgeRules: null })}>
                {translate(`${T}.type.useDefaultWindows`)}
              </Button>
            </div>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
