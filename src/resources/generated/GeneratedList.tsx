import { DataTable } from 'react-admin';
import type { ResourceManifest } from '../../domain/resources';
import { ResourceList } from '../../kit/ResourceList';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { listedFields } from './fieldKinds';
import { GeneratedField, generatedFilters } from './GeneratedFields';

/** A declared resource's list: a column per listed field (sortable as the manifest says), its filters and `q` search. */
export function GeneratedList({ manifest, ...props }: ListScreenProps & { manifest: ResourceManifest }) {
  const [field, order] = manifest.defaultSort ?? ['id', 'DESC'];
  return (
    <ResourceList {...props} filters={generatedFilters(manifest)} sort={{ field, order }}>
      <DataTable rowClick={toShowPage} bulkActionButtons={false}>
        {listedFields(manifest).map(([source, spec]) => (
          <DataTable.Col
            key={source}
            source={source}
            disableSort={!spec.sort}
            render={() => <GeneratedField manifest={manifest} source={source} />}
          />
        ))}
      </DataTable>
    </ResourceList>
  );
}
