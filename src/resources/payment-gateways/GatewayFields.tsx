import { Avatar, Chip, Stack, Switch, Tooltip, Typography } from '@mui/material';
import {
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { settingLabel } from '../../domain/gateways';
import type { Gateway } from './types';
import { RowLink } from '../../kit/RowLink';

/** Brand colours, for a recognisable mark without shipping logos. */
const BRAND: Record<string, string> = {
  mpesa: '#2e7d32',
  stripe: '#635bff',
  flutterwave: '#f5a623',
  paystack: '#00c3f7',
  pesapal: '#1565c0',
  cellulant: '#e53935',
};

/** The provider's mark and the gateway's name. */
export function GatewayNameField(_: { label?: string }) {
  const translate = useTranslate();
  const g = useRecordContext<Gateway>();
  if (!g) return null;
  const provider = translate(`app.gateways.providers.${g.provider}`, { _: g.provider });
  return (
    <Stack direction="row" spacing={1.5} alignItems="center">
      <Avatar
        variant="rounded"
        sx={(theme) => {
          const brand = BRAND[g.provider] ?? theme.palette.grey[600];
          // The letters in white or ink, whichever reads on the provider's colour (the theme's 4.5:1 rule).
          return {
            bgcolor: brand,
            color: theme.palette.getContrastText(brand),
            width: 36,
            height: 36,
            fontSize: 15,
            fontWeight: 700,
          };
        }}
        aria-label={provider}
      >
        {provider.replace(/[^A-Za-z]/g, '').slice(0, 2)}
      </Avatar>
      <div>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <RowLink>{g.name}</RowLink>
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {provider}
        </Typography>
      </div>
    </Stack>
  );
}

/** "Configured", or "Missing settings" with the keys on hover. */
export function ConfiguredChip(_: { label?: string }) {
  const translate = useTranslate();
  const g = useRecordContext<Gateway>();
  if (!g) return null;
  if (g.configured)
    return <Chip size="small" color="success" label={translate('app.gateways.configured')} data-testid="configured" />;
  return (
    <Tooltip title={translate('app.gateways.missingList', { keys: g.missingSettings.map(settingLabel).join(', ') })}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={translate('app.gateways.missing')}
        data-testid="configured"
      />
    </Tooltip>
  );
}

/** Turns the gateway on or off in place (with the update permission); otherwise shows the state. */
export function EnabledSwitch(_: { label?: string }) {
  const translate = useTranslate();
  const g = useRecordContext<Gateway>();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource, action: 'edit', record: g });
  const [update, { isPending }] = useUpdate();
  if (!g || !resource) return null;
  return (
    <Switch
      checked={g.enabled}
      disabled={!canAccess || isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(_, enabled) =>
        void update(
          resource,
          { id: g.id, data: { enabled }, previousData: g },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(enabled ? 'app.gateways.enabled' : 'app.gateways.disabled', { type: 'success' });
              refresh();
            },
          },
        )
      }
      slotProps={{ input: { 'aria-label': translate('app.gateways.enable', { name: g.name }) } }}
    />
  );
}
