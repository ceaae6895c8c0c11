import { Box } from '@mui/material';
import { BooleanInput, Create, Edit, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { zones } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { EditorForm } from '../../kit/EditorForm';
import { enumChoices } from '../../kit/enumChoices';
import { PolygonInput } from '../../kit/map/PolygonInput';
import type { Zone } from './types';

const createResolver = yupResolver(zones.create!);
const editResolver = yupResolver(
  zones.update!.shape({ name: zones.create!.fields.name, polygon: zones.create!.fields.polygon }),
);

function Fields() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput source="name" fullWidth autoFocus />
      <SelectInput
        source="kind"
        choices={enumChoices('zoneKind')}
        helperText={translate('app.zonesPage.kindHint')}
        fullWidth
      />
      <BooleanInput source="pickupAllowed" />
      <NumberInput
        source="surgeMultiplier"
        step={0.1}
        min={1}
        max={5}
        helperText={translate('app.zonesPage.surgeHint')}
      />
      <BooleanInput source="active" />
      <PolygonInput source="polygon" />
    </Box>
  );
}

const DEFAULTS = { kind: 'zone', pickupAllowed: true, surgeMultiplier: 1, active: true, polygon: null };

/** /zones/create: a new zone drawn on the map. */
export function ZoneCreate() {
  return (
    <Create<Zone> redirect="list">
      <EditorForm resolver={createResolver} noValidate defaultValues={DEFAULTS}>
        <Fields />
      </EditorForm>
    </Create>
  );
}

/** /zones/:id: its rules and outline. */
export function ZoneEdit() {
  return (
    <Edit<Zone> redirect="list" mutationMode="pessimistic">
      <EditorForm resolver={editResolver} noValidate>
        <Fields />
      </EditorForm>
    </Edit>
  );
}
