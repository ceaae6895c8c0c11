import {
  BulkUpdateWithConfirmButton,
  useCanAccess,
  useResourceContext,
  type BulkUpdateWithConfirmButtonProps,
} from 'react-admin';

export interface BulkStatusButtonProps extends Omit<BulkUpdateWithConfirmButtonProps, 'data' | 'mutationMode'> {
  /** The status the selected records get. */
  status: string;
  /** The field holding it (default `status`). */
  source?: string;
}

/**
 * Sets the status of the selected records after a confirmation, shown only
 * with the update permission (canAccess `edit`). Each record goes through the
 * server's update, so its rules (and side effects) apply one by one.
 * `confirmTitle` and `confirmContent` are translation keys, given
 * %{smart_count} and %{name}.
 */
export function BulkStatusButton({
  status,
  source = 'status',
  confirmTitle,
  confirmContent,
  ...props
}: BulkStatusButtonProps) {
  const resource = useResourceContext(props);
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  if (!canAccess) return null;
  return (
    <BulkUpdateWithConfirmButton
      {...props}
      data={{ [source]: status }}
      mutationMode="pessimistic"
      confirmTitle={confirmTitle ?? 'app.common.bulkStatus.title'}
      confirmContent={confirmContent ?? 'app.common.bulkStatus.content'}
    />
  );
}
