import { Show, TopToolbar, useTranslate } from 'react-admin';
import type { ResourceManifest } from '../../domain/resources';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { EditRecordButton } from '../shared/RecordButtons';
import { fieldKind } from './fieldKinds';
import { GeneratedField } from './GeneratedFields';
import { DeclaredActionButtons } from './DeclaredActions';

/** A declared resource's detail page: every field by its kind, its declared actions and Edit, each when the role may. */
export function GeneratedShow({ manifest }: { manifest: ResourceManifest }) {
  const translate = useTranslate();
  const fields = Object.entries(manifest.fields).filter(([, spec]) => fieldKind(spec) !== 'json');
  return (
    <Show
      actions={
        <TopToolbar>
          <DeclaredActionButtons manifest={manifest} />
          {(manifest.update || manifest.create) && <EditRecordButton />}
        </TopToolbar>
      }
    >
      <SectionCard title={translate(`resources.${manifest.path}.name`, { smart_count: 1 })}>
        <FieldGrid>
          {fields.map(([source]) => (
            <KeyValue key={source} label={translate(`resources.${manifest.path}.fields.${source}`)}>
              <GeneratedField manifest={manifest} source={source} />
            </KeyValue>
          ))}
        </FieldGrid>
      </SectionCard>
    </Show>
  );
}
