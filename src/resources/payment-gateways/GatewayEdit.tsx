import { EditorForm } from '../../kit/EditorForm';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Edit,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useRecordContext,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { GATEWAY_REQUIREMENTS, settingLabel, type GatewayProvider } from '../../domain/gateways';
import { paymentGateways } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { FieldRow } from '../../kit/DetailBlocks';
import { enumChoices } from '../../kit/enumChoices';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import { SecretInput } from './SecretInput';
import type { Gateway } from './types';

/** The trip service's own rules (src/domain/resources/paymentGateways.ts), on the whole record as a create checks it. */
const resolver = yupResolver(paymentGateways.create!);

/** The provider's required keys first, then any other key the gateway holds. */
function keysOf(required: readonly string[], stored: Record<string, unknown> | null | undefined): string[] {
  return [...required, ...Object.keys(stored ?? {}).filter((k) => !required.includes(k))];
}

/** Save; switching from test to live asks first, since live charges real money. */
function GatewaySaveButton() {
  const translate = useTranslate();
  const record = useRecordContext<Gateway>();
  const mode = useWatch({ name: 'mode' }) as string | undefined;
  const { handleSubmit } = useFormContext();
  const saveContext = useSaveContext();
  const [open, setOpen] = useState(false);
  if (!record || record.mode === 'live' || mode !== 'live') return <SaveButton />;
  return (
    <>
      <Button variant="contained" startIcon={<SaveIcon />} onClick={() => setOpen(true)}>
        {translate('ra.action.save')}
      </Button>
      <Confirm
        isOpen={open}
        title={translate('app.gateways.liveTitle', { name: record.name })}
        content={translate('app.gateways.liveBody')}
        confirm="app.gateways.liveConfirm"
        confirmColor="warning"
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void handleSubmit((values) => saveContext.save?.(values))();
        }}
      />
    </>
  );
}

function GatewayFormFields() {
  const translate = useTranslate();
  const record = useRecordContext<Gateway>();
  if (!record) return null;
  const needs = GATEWAY_REQUIREMENTS[record.provider as GatewayProvider] ?? GATEWAY_REQUIREMENTS.other;
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <FieldRow>
        <TextInput source="name" isRequired />
        <SelectInput source="mode" choices={enumChoices('gatewayMode')} isRequired />
      </FieldRow>
      <BooleanInput source="enabled" />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
        {translate('app.gateways.publicSettings')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.gateways.publicHint')}
      </Typography>
      {keysOf(needs.public, record.publicSettings).map((key) => (
        <TextInput
          key={key}
          source={`publicSettings.${key}`}
          label={settingLabel(key)}
          isRequired={needs.public.includes(key)}
          parse={(v: string) => v}
        />
      ))}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 2 }}>
        {translate('app.gateways.secrets')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.gateways.secretsHint')}
      </Typography>
      {keysOf(needs.secret, record.secretSettings).map((key) => (
        <SecretInput key={key} source={`secretSettings.${key}`} name={key} required={needs.secret.includes(key)} />
      ))}
    </Box>
  );
}

/** /manage-payment-getwas/:id/edit: public settings by the provider's keys, write-only secrets, mode and switch. */
export default function GatewayEdit() {
  return (
    <Edit<Gateway>
      mutationMode="pessimistic"
      redirect={redirectToShowPage}
      actions={<EditFormActions />}
      // Only what may be written: the computed fields stay out of the request.
      transform={({ name, mode, enabled, publicSettings, secretSettings }: Gateway) => ({
        name,
        mode,
        enabled,
        publicSettings,
        secretSettings,
      })}
    >
      <EditorForm
        resolver={resolver}
        toolbar={
          <Toolbar>
            <GatewaySaveButton />
          </Toolbar>
        }
      >
        <GatewayFormFields />
      </EditorForm>
    </Edit>
  );
}
