import { SimpleForm, type SimpleFormProps } from 'react-admin';

/**
 * The panel's record form: react-admin's SimpleForm that asks before leaving it with unsaved
 * changes (another page, a menu entry, closing the tab), so no edit is lost silently. Every
 * create and edit screen uses it.
 */
export function EditorForm(props: SimpleFormProps) {
  return <SimpleForm warnWhenUnsavedChanges {...props} />;
}
