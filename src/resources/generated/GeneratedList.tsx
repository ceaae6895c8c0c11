import { DataTable, useTranslate } from 'react-admin';
import type { ResourceManifest } from '../../domain/resources';
import { ResourceList } from '../../kit/ResourceList';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { listedFields } from './fieldKinds';
import { GeneratedField, generatedFilters } from './GeneratedFields';
import { RowLink } from '../../kit/RowLink';
import { BulkActions } from '../../kit/BulkActions';
import { DeclaredActionButtons, declaredBulkActions, RowControls } from './DeclaredActions';

/**
 * A declared resource's list: a column per listed field (sortable as the manifest says), its filters
 * and `q` search, its declared actions at the end of each row and, those declared `inBulk`, on the
 * selected rows.
 */
export function GeneratedList({ manifest, ...props }: ListScreenProps & { manifest: ResourceManifest }) {
  const translate = useTranslate();
  const [field, order] = manifest.defaultSort ?? ['id', 'DESC'];
  const hasActions = Object.keys(manifest.actions ?? {}).length > 0;
  const bulk = declaredBulkActions(manifest);
  return (
    <ResourceList
      {...props}
      filters={generatedFilters(manifest, translate)}
      sort={{ field, order }}
      create={Boolean(manifest.create)}
      // No exporter of its own: the server's CSV, with the declaration's labels and the city's time.
      serverExport
    >
      <DataTable rowClick={toShowPage} bulkActionButtons={bulk.length ? <BulkActions actions={bulk} /> : false}>
        {listedFields(manifest).map(([source, spec], index) => (
          <DataTable.Col
            key={source}
            source={source}
            disableSort={!spec.sort}
            render={() =>
              // The first column names the record: a real link to it (issue 27).
              index === 0 ? (
                <RowLink>
                  <GeneratedField manifest={manifest} source={source} />
                </RowLink>
              ) : (
                <GeneratedField manifest={manifest} source={source} />
              )
            }
          />
        ))}
        {hasActions && (
          <DataTable.Col
            source="actions"
            disableSort
            label="app.common.actions"
            render={() => (
              <RowControls>
                <DeclaredActionButtons manifest={manifest} />
              </RowControls>
            )}
          />
        )}
      </DataTable>
    </ResourceList>
  );
}
