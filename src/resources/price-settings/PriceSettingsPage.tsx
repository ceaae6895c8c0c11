import { ACTIONS } from '../../domain/resourceActions';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useWarnBeforeLeaving } from '../../kit/useWarnBeforeLeaving';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Title, useCanAccess, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { PriceProfile } from '../../domain/fare';
import { resolvePricing } from '../../domain/fare';
import { describePricingChange, pricingChangeEffects, type PricingDraft } from '../../domain/pricingChange';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { SectionCard } from '../../kit/DetailBlocks';
import { ErrorState, LoadingState } from '../../kit/States';
import { vehicleTypes as vehicleTypesResource } from '../../domain/resources';
import { ChangeEffects } from './ChangeEffects';
import { FareCalculator } from './FareCalculator';
import { bidSentence, PercentSetting } from './PercentSetting';
import { SurgeWeekGrid } from './SurgeWeekGrid';
import { SurgeWindowList } from './SurgeWindowList';
import { panelSurgeWording } from './surgeWording';
import { TypeOverrides, type TypeRow } from './TypeOverrides';

const RESOURCE = 'price-setting';

interface PriceSettingRow extends PriceProfile {
  id: number;
  vehicleTypeId: number | null;
}

const T = 'app.priceSettings';

function toDraft(rows: readonly PriceSettingRow[]): PricingDraft {
  const def = rows.find((r) => r.vehicleTypeId === null);
  const own: PricingDraft['own'] = {};
  for (const r of rows)
    if (r.vehicleTypeId !== null)
      own[r.vehicleTypeId] = {
        commissionPercent: r.commissionPercent,
        bidPercent: r.bidPercent,
        surgeRules: r.surgeRules,
        active: r.active,
      };
  return {
    defaults: {
      commissionPercent: def?.commissionPercent ?? 0,
      bidPercent: def?.bidPercent ?? 0,
      surgeRules: def?.surgeRules ?? [],
    },
    own,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const profileChanged = (a: PriceProfile | undefined, b: PriceProfile | undefined) =>
  !same(a?.commissionPercent, b?.commissionPercent) ||
  !same(a?.bidPercent, b?.bidPercent) ||
  !same(a?.surgeRules, b?.surgeRules);

/**
 * /price-setting: the whole pricing on one page. The default profile, each vehicle type's
 * differences, the surge week grid, and a fare calculator comparing the settings in force with the
 * ones being edited. Saving lists what changes ("Economy, Fri 17:00–20:00: ×1.5 → ×1.8") and asks
 * for confirmation; one audited action writes it, for new quotes only.
 */
export default function PriceSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = usePanelDataProvider();
  const { canAccess: canEdit = false } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const settingsQuery = useGetList<PriceSettingRow>(RESOURCE, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  const typesQuery = useGetList<TypeRow>(vehicleTypesResource.path, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'baseFare', order: 'ASC' },
  });
  const saved = useMemo(() => (settingsQuery.data ? toDraft(settingsQuery.data) : undefined), [settingsQuery.data]);
  const [edits, setEdits] = useState<PricingDraft | undefined>();
  const draft = edits ?? saved;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const onProblem = useCallback(
    (key: string, problem: string | undefined) =>
      setProblems((p) => {
        if (p[key] === problem) return p;
        const next = { ...p };
        if (problem) next[key] = problem;
        else delete next[key];
        return next;
      }),
    [],
  );
  const [gridType, setGridType] = useState<number | 'default'>('default');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  // It reads the whole week per vehicle type: only redone when the settings change.
  const summary = useMemo(
    () =>
      saved && draft && typesQuery.data ? describePricingChange(saved, draft, typesQuery.data, panelSurgeWording) : [],
    [saved, draft, typesQuery.data],
  );

  // Only priced when the confirmation opens: one sample trip per changed stretch and vehicle type.
  const effects = useMemo(
    () =>
      confirming && saved && draft && typesQuery.data
        ? pricingChangeEffects(saved, draft, typesQuery.data, undefined, panelSurgeWording)
        : [],
    [confirming, saved, draft, typesQuery.data],
  );

  // Leaving with edits not saved asks first (the same test as `dirty` below, before the early returns).
  useWarnBeforeLeaving(
    !saving &&
      saved !== undefined &&
      draft !== undefined &&
      (profileChanged(saved.defaults, draft.defaults) ||
        (typesQuery.data ?? []).some((t) => profileChanged(saved.own[t.id], draft.own[t.id]))),
  );

  if (settingsQuery.isPending || typesQuery.isPending) return <LoadingState />;
  if (settingsQuery.error || typesQuery.error || !saved || !draft)
    return (
      <ErrorState
        message={translate(`${T}.loadError`)}
        onRetry={() => {
          void settingsQuery.refetch();
          void typesQuery.refetch();
        }}
      />
    );
  const types = typesQuery.data ?? [];
  const changedProfiles = [
    ...(profileChanged(saved.defaults, draft.defaults) ? [{ vehicleTypeId: null, ...draft.defaults }] : []),
    ...types
      .filter((t) => profileChanged(saved.own[t.id], draft.own[t.id]))
      .map((t) => ({
        vehicleTypeId: t.id,
        commissionPercent: draft.own[t.id]?.commissionPercent ?? null,
        bidPercent: draft.own[t.id]?.bidPercent ?? null,
        surgeRules: draft.own[t.id]?.surgeRules ?? null,
      })),
  ];
  const dirty = changedProfiles.length > 0;
  const blocked = Object.keys(problems).length > 0;
  const update = (change: (d: PricingDraft) => PricingDraft) => setEdits(change(draft));
  const gridRules =
    gridType === 'default'
      ? (draft.defaults.surgeRules ?? [])
      : resolvePricing(
          draft.defaults,
          draft.own[gridType],
          types.find((t) => t.id === gridType)!,
        ).surgeRules;

  const save = async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      const result = await dataProvider.action(ACTIONS['price-settings'].save, {
        data: {
          profiles: changedProfiles.map((p) => ({
            vehicleTypeId: p.vehicleTypeId,
            commissionPercent: p.commissionPercent,
            bidPercent: p.bidPercent,
            surgeRules: p.surgeRules,
          })),
        },
      });
      notify(result.message ?? translate(`${T}.confirm.saved`), { type: 'success' });
      setConfirming(false);
      setEdits(undefined);
      refresh();
    } catch (error) {
      const body = (error as { body?: { message?: string; errors?: Record<string, string> } }).body;
      setSaveError(
        [body?.message, ...Object.values(body?.errors ?? {})].filter(Boolean).join(' — ') ||
          translate(`${T}.confirm.failed`),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ pb: 10 }}>
      <Title title={translate(`${T}.title`)} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <SectionCard
          title={translate(`${T}.defaultPricing`)}
          subheader={translate(`${T}.defaultPricingHint`)}
          data-testid="default-profile"
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            <PercentSetting
              label={translate(`${T}.commission`)}
              value={draft.defaults.commissionPercent}
              onChange={(commissionPercent) =>
                update((d) => ({ ...d, defaults: { ...d.defaults, commissionPercent } }))
              }
              disabled={!canEdit}
              helperText={translate(`${T}.commissionHint`)}
              onProblem={(p) => onProblem('default.commission', p)}
            />
            <PercentSetting
              label={translate(`${T}.bidPercent`)}
              value={draft.defaults.bidPercent}
              onChange={(bidPercent) => update((d) => ({ ...d, defaults: { ...d.defaults, bidPercent } }))}
              disabled={!canEdit}
              helperText={bidSentence(translate, draft.defaults.bidPercent ?? 0)}
              onProblem={(p) => onProblem('default.bid', p)}
            />
          </Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate(`${T}.surgeWindows`)}
          </Typography>
          <SurgeWindowList
            rules={draft.defaults.surgeRules ?? []}
            readOnly={!canEdit}
            onChange={(surgeRules) => update((d) => ({ ...d, defaults: { ...d.defaults, surgeRules } }))}
          />
        </SectionCard>

        <SectionCard
          title={translate(`${T}.week`)}
          subheader={translate(`${T}.weekHint`)}
          action={
            <TextField
              select
              size="small"
              label={translate(`${T}.showSurgeFor`)}
              value={gridType}
              onChange={(e) => setGridType(e.target.value === 'default' ? 'default' : Number(e.target.value))}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="default">{translate(`${T}.defaultWindowsOption`)}</MenuItem>
              {types.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          }
        >
          <SurgeWeekGrid rules={gridRules} />
        </SectionCard>

        <SectionCard title={translate(`${T}.calculator`)} subheader={translate(`${T}.calculatorHint`)}>
          <FareCalculator types={types} saved={saved} draft={draft} />
        </SectionCard>

        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          {translate(`${T}.vehicleTypes`)}
        </Typography>
        {types.map((t) => (
          <TypeOverrides
            key={t.id}
            type={t}
            draft={draft}
            canEdit={canEdit}
            onProblem={onProblem}
            onChange={(own) => update((d) => ({ ...d, own: { ...d.own, [t.id]: own } }))}
          />
        ))}
      </Stack>

      {canEdit && dirty && (
        <Paper
          elevation={6}
          data-testid="unsaved-bar"
          sx={{
            position: 'fixed',
            bottom: 16,
            left: '50%',
            transform: 'translateX(-50%)',
            px: 2,
            py: 1,
            zIndex: (theme) => theme.zIndex.appBar,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            maxWidth: 'calc(100vw - 32px)',
          }}
        >
          <Typography variant="body2">
            {blocked
              ? translate(`${T}.unsaved.blocked`)
              : summary.length
                ? translate(`${T}.unsaved.changes`, { smart_count: summary.length })
                : translate(`${T}.unsaved.noFareChange`)}
          </Typography>
          <Button color="inherit" startIcon={<RestartAltIcon />} onClick={() => setEdits(undefined)}>
            {translate(`${T}.unsaved.discard`)}
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} disabled={blocked} onClick={() => setConfirming(true)}>
            {translate(`${T}.unsaved.review`)}
          </Button>
        </Paper>
      )}

      <Dialog open={confirming} onClose={() => !saving && setConfirming(false)} fullWidth maxWidth="md">
        <DialogTitle>{translate(`${T}.confirm.title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(`${T}.confirm.body`)}</DialogContentText>
          <List dense data-testid="change-summary">
            {(summary.length ? summary : [translate(`${T}.confirm.noDifference`)]).map((line) => (
              <ListItem key={line} disableGutters>
                {line}
              </ListItem>
            ))}
          </List>
          {effects.length > 0 && <ChangeEffects effects={effects} />}
          {saveError && <Alert severity="error">{saveError}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          >
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
