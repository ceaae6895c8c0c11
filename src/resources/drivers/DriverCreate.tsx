import { DayInput } from '../../kit/DayInput';
import { EditorForm } from '../../kit/EditorForm';
import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import { Create, NumberInput, SelectInput, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { DOCUMENT_KINDS } from '../../domain/enums';
import { yupResolver } from '../../forms/yupResolver';
import { FieldRow } from '../../kit/DetailBlocks';
import { enumChoices, enumLabelKey } from '../../kit/enumChoices';
import { ReferenceSelectInput } from '../../kit/ReferenceSelectInput';
import { PhoneInput } from '../../kit/PhoneField';
import { DocumentFileInput } from '../shared/DocumentFileInput';
import { showPath } from '../shared/recordPaths';
import {
  DOCUMENT_DETAILS,
  driverCreateBody,
  driverCreateSchema,
  emptyDriverDraft,
  type DriverDraft,
} from './driverCreateForm';
import { reviewPath } from './reviewPath';
import type { Driver } from './types';

const resolver = yupResolver(driverCreateSchema);

const sectionTitle = (text: string) => (
  <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
    {text}
  </Typography>
);

/** One document: the file (now or later) and, for the kinds that have them, the number and expiry printed on it. */
function DocumentRow({ kind }: { kind: (typeof DOCUMENT_KINDS)[number] }) {
  const translate = useTranslate();
  const label = translate(enumLabelKey('documentKind', kind));
  const details = DOCUMENT_DETAILS[kind];
  return (
    <Box sx={{ py: 1 }} data-testid={`document-${kind}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 2 }} alignItems={{ md: 'flex-start' }}>
        <Typography variant="body2" sx={{ width: { md: 180 }, flexShrink: 0, pt: { md: 0.75 }, fontWeight: 500 }}>
          {label}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DocumentFileInput source={`documents.${kind}.fileId`} label={label} />
          {kind === 'licence' && (
            <Typography variant="caption" color="text.secondary">
              {translate('app.drivers.create.licenceFromProfile')}
            </Typography>
          )}
        </Box>
        {details.number && (
          <TextInput
            source={`documents.${kind}.number`}
            label={translate('app.drivers.create.numberOf', { kind: label })}
            autoComplete="off"
            helperText={false}
            sx={{ width: { md: 200 } }}
          />
        )}
        {details.expiry && (
          <DayInput
            source={`documents.${kind}.expiryDate`}
            label={translate('app.drivers.create.expiryOf', { kind: label })}
            helperText={false}
            sx={{ width: { md: 180 } }}
          />
        )}
      </Stack>
    </Box>
  );
}

/**
 * /driver-management/create: a driver signed up by staff (a walk-in, a fleet partner's driver):
 * profile, licence, vehicle and the documents, each uploaded now (image or PDF, checked by the
 * server from its bytes) or left for the driver to upload from the app. The same rules as the
 * service (src/domain/resources/drivers.ts); the new driver waits in the review queue, and the
 * reviewer lands on the review when documents were uploaded.
 */
export default function DriverCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<Driver>
      resource="driver-management/drivers"
      transform={(draft: DriverDraft) => driverCreateBody(draft) as Driver}
      mutationOptions={{
        onSuccess: (driver: Driver) => {
          const uploaded = (driver.documents ?? []).length > 0;
          notify(uploaded ? 'app.drivers.create.createdReview' : 'app.drivers.create.createdLater', {
            type: 'success',
            messageArgs: { name: `${driver.firstName} ${driver.lastName}` },
          });
          redirect(uploaded ? reviewPath(driver.id) : showPath('driver-management/drivers', driver.id));
        },
      }}
    >
      <EditorForm resolver={resolver} reValidateMode="onChange" noValidate defaultValues={emptyDriverDraft()}>
        <Alert severity="info" sx={{ mb: 1, width: '100%', maxWidth: 960, boxSizing: 'border-box' }}>
          {translate('app.drivers.create.hint')}
        </Alert>
        {sectionTitle(translate('app.drivers.profile'))}
        <FieldRow>
          <TextInput source="firstName" isRequired autoComplete="off" autoFocus />
          <TextInput source="lastName" isRequired autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <PhoneInput source="phone" isRequired helperText="app.passengers.phoneHint" autoComplete="off" />
          <TextInput source="email" type="email" autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <SelectInput source="sex" choices={enumChoices('sex')} emptyText="app.access.staff.notSaid" />
        </FieldRow>
        {sectionTitle(translate('app.drivers.create.licence'))}
        <FieldRow>
          <TextInput source="licenceNumber" autoComplete="off" />
          <DayInput source="licenceExpiry" />
        </FieldRow>
        {sectionTitle(translate('app.drivers.vehicle'))}
        <FieldRow>
          <ReferenceSelectInput
            source="vehicleTypeId"
            reference="vehicle-management/vehicles"
            label="app.drivers.vehicleType"
          />
          <TextInput source="vehiclePlate" autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <TextInput source="vehicleMake" autoComplete="off" />
          <TextInput source="vehicleModel" autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <TextInput source="vehicleColour" autoComplete="off" />
          <NumberInput source="vehicleYear" min={1980} step={1} />
        </FieldRow>
        {sectionTitle(translate('app.drivers.documents'))}
        <Box sx={{ width: '100%', maxWidth: 960 }}>
          {DOCUMENT_KINDS.map((kind, i) => (
            <Box key={kind}>
              {i > 0 && <Divider />}
              <DocumentRow kind={kind} />
            </Box>
          ))}
        </Box>
      </EditorForm>
    </Create>
  );
}
