import { EditorForm } from '../../kit/EditorForm';
import { Alert, Box } from '@mui/material';
import { useEffect } from 'react';
import {
  Create,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { issues, trips } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { enumChoices } from '../../kit/enumChoices';
import { redirectToShowPage } from '../shared/recordPaths';
import type { Trip } from '../trips/types';
import type { Issue } from './types';

const resolver = yupResolver(issues.create!);

/** The trip typed by number, read back (passenger, driver, status) so that the wrong one is not chosen. */
function TripLookup() {
  const translate = useTranslate();
  const tripId: unknown = useWatch({ name: 'tripId' });
  const { setValue, getValues } = useFormContext();
  const valid = typeof tripId === 'number' && Number.isSafeInteger(tripId) && tripId > 0;
  const { data, error, isFetching } = useGetOne<Trip>(
    trips.path,
    { id: valid ? tripId : 0 },
    { enabled: valid, retry: false, meta: { silent: true } },
  );
  const noDriver = data !== undefined && data.driverId === null;
  useEffect(() => {
    if (noDriver && getValues('reporterKind') === 'driver') setValue('reporterKind', 'passenger');
  }, [noDriver, getValues, setValue]);
  if (!valid || isFetching) return null;
  if (error || !data)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="trip-lookup">
        {translate('app.issueDesk.create.tripMissing')}
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="trip-lookup">
      {translate('app.issueDesk.create.tripFound', {
        id: data.id,
        passenger: data.passengerName ?? '',
        driver: data.driverName ? ` · ${data.driverName}` : '',
        status: translate(`app.enums.tripStatus.${data.status}`, { _: data.status }),
      })}
    </Alert>
  );
}

/** /issues/create: an issue about a trip chosen by its number (the trip page opens one prefilled). */
export default function IssueCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const fromTrip = Number(params.get('tripId'));
  return (
    <Create<Issue> redirect={redirectToShowPage} title={translate('app.issueDesk.create.title')}>
      <EditorForm
        resolver={resolver}
        noValidate
        defaultValues={{
          tripId: Number.isSafeInteger(fromTrip) && fromTrip > 0 ? fromTrip : undefined,
          reporterKind: 'passenger',
          priority: 'medium',
          description: '',
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 720 }}>
          <NumberInput
            source="tripId"
            helperText={translate('app.issueDesk.create.tripHint')}
            min={1}
            step={1}
            autoFocus
            fullWidth
          />
          <TripLookup />
          <RadioButtonGroupInput
            source="reporterKind"
            label="app.issueDesk.create.by"
            choices={enumChoices('reporterKind')}
          />
          <SelectInput source="category" choices={enumChoices('issueCategory')} fullWidth />
          <SelectInput source="priority" choices={enumChoices('issuePriority')} fullWidth />
          <TextInput source="description" multiline minRows={4} fullWidth />
        </Box>
      </EditorForm>
    </Create>
  );
}
