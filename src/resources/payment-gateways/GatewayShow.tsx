import { Alert, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { GATEWAY_REQUIREMENTS, settingLabel, type GatewayProvider } from '../../domain/gateways';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { StatusChip } from '../../kit/StatusChip';
import { EditRecordButton } from '../shared/RecordButtons';
import { ConfiguredChip, EnabledSwitch, GatewayNameField } from './GatewayFields';
import type { Gateway } from './types';

function GatewayDetails() {
  const translate = useTranslate();
  const g = useRecordContext<Gateway>();
  if (!g) return null;
  const needs = GATEWAY_REQUIREMENTS[g.provider as GatewayProvider] ?? GATEWAY_REQUIREMENTS.other;
  const publicKeys = [...new Set([...needs.public, ...Object.keys(g.publicSettings ?? {})])];
  const secretKeys = [...new Set([...needs.secret, ...Object.keys(g.secretSettings ?? {})])];
  return (
    <Stack spacing={2}>
      <SectionCard data-testid="gateway-summary">
        <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <GatewayNameField />
          <StatusChip palette="gatewayMode" source="mode" />
          <ConfiguredChip />
          <EnabledSwitch />
        </Stack>
        {!g.configured && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('app.gateways.missingList', { keys: g.missingSettings.map(settingLabel).join(', ') })}
          </Alert>
        )}
      </SectionCard>
      <SectionCard title={translate('app.gateways.publicSettings')}>
        <FieldGrid>
          {publicKeys.map((k) => (
            <KeyValue key={k} label={settingLabel(k)}>
              {g.publicSettings?.[k] !== undefined && g.publicSettings[k] !== '' ? String(g.publicSettings[k]) : '—'}
            </KeyValue>
          ))}
        </FieldGrid>
      </SectionCard>
      <SectionCard title={translate('app.gateways.secrets')} subheader={translate('app.gateways.secretsHint')}>
        <FieldGrid>
          {secretKeys.map((k) => (
            <KeyValue key={k} label={settingLabel(k)}>
              <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                {g.secretSettings?.[k]
                  ? `•••• ${g.secretSettings[k].replace(/^•+/, '')}`
                  : translate('app.gateways.notSet')}
              </Typography>
            </KeyValue>
          ))}
          <KeyValue label={translate('resources.manage-payment-getwas.fields.updatedAt')}>
            <DateTimeField source="updatedAt" relative />
          </KeyValue>
        </FieldGrid>
      </SectionCard>
    </Stack>
  );
}

/** /manage-payment-getwas/:id: the gateway, what it lacks, its public settings and the secrets' last characters. */
export default function GatewayShow() {
  return (
    <Show<Gateway>
      actions={
        <TopToolbar>
          <EditRecordButton />
        </TopToolbar>
      }
      component="div"
    >
      <GatewayDetails />
    </Show>
  );
}
