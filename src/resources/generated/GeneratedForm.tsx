import { Box } from '@mui/material';
import { Create, Edit } from 'react-admin';
import type { ResourceManifest } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { EditorForm } from '../../kit/EditorForm';
import { redirectToShowPage } from '../shared/recordPaths';
import { writableFields } from './fieldKinds';
import { GeneratedInput } from './GeneratedFields';

function Inputs({ manifest, view }: { manifest: ResourceManifest; view: 'create' | 'edit' }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      {writableFields(manifest, view).map((source) => (
        <GeneratedInput key={source} manifest={manifest} source={source} />
      ))}
    </Box>
  );
}

/** A declared resource's create form: an input per field of its create rules, validated by them. */
export function GeneratedCreate({ manifest }: { manifest: ResourceManifest }) {
  return (
    <Create redirect={redirectToShowPage}>
      {/* The create rules' defaults (e.g. a switch that starts on) are the form's starting values. */}
      <EditorForm resolver={yupResolver(manifest.create!)} noValidate defaultValues={manifest.create!.getDefault()}>
        <Inputs manifest={manifest} view="create" />
      </EditorForm>
    </Create>
  );
}

/** A declared resource's edit form, validated by its update rules. */
export function GeneratedEdit({ manifest }: { manifest: ResourceManifest }) {
  return (
    <Edit redirect={redirectToShowPage} mutationMode="pessimistic">
      <EditorForm resolver={yupResolver(manifest.update ?? manifest.create!)} noValidate>
        <Inputs manifest={manifest} view="edit" />
      </EditorForm>
    </Edit>
  );
}
