import {
  EditButton,
  ShowButton,
  TopToolbar,
  useRecordContext,
  useResourceContext,
  type EditButtonProps,
  type ShowButtonProps,
} from 'react-admin';
import { editPath, showPath } from './recordPaths';

/**
 * react-admin's EditButton (shown only with the update permission, through
 * canAccess), linking to the form at `/<resource>/:id/edit`.
 */
export function EditRecordButton(props: EditButtonProps) {
  const resource = useResourceContext(props);
  const record = useRecordContext(props);
  if (!resource || !record) return null;
  return <EditButton {...props} to={editPath(resource, record.id)} />;
}

/** react-admin's ShowButton, linking to the detail page at `/<resource>/:id`. */
export function ShowRecordButton(props: ShowButtonProps) {
  const resource = useResourceContext(props);
  const record = useRecordContext(props);
  if (!resource || !record) return null;
  return <ShowButton {...props} to={showPath(resource, record.id)} />;
}

/** An edit form's top actions: back to the record's detail page. */
export function EditFormActions() {
  return (
    <TopToolbar>
      <ShowRecordButton />
    </TopToolbar>
  );
}
