import { EditorForm } from '../../kit/EditorForm';
import type { ReactNode } from 'react';
import { Edit, SaveButton, Toolbar, type RaRecord } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { EditFormActions } from './RecordButtons';
import { redirectToShowPage } from './recordPaths';

/**
 * The edit screen of a record: saved pessimistically (the page shows what the server kept), back
 * to the record's page after saving, validated by the form's resolver as the user types once a
 * save was tried, with Save alone in the toolbar (deleting is not an edit).
 */
export function RecordEditForm({ resolver, children }: { resolver: Resolver<FieldValues>; children: ReactNode }) {
  return (
    <Edit<RaRecord> mutationMode="pessimistic" redirect={redirectToShowPage} actions={<EditFormActions />}>
      <EditorForm
        resolver={resolver}
        reValidateMode="onChange"
        noValidate
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        {children}
      </EditorForm>
    </Edit>
  );
}
