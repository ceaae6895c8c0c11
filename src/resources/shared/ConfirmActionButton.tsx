import type { ActionRef, NoBody } from '../../domain/resourceActions';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { useAction } from '../../dataProviders/useAction';

export interface ConfirmActionButtonProps {
  /** The engine action (`ACTIONS.<resource>.<name>`, without a body): POST /<res>/:id/<action>. */
  action: ActionRef<NoBody>;
  /** Translation key of the button. */
  label: string;
  icon?: ReactElement;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  /** The confirmation's title and text (already translated: they usually name the record and a count). */
  confirmTitle: string;
  confirmContent: ReactNode;
  /** Translation key of the confirm button (default: the button's label). */
  confirmLabel?: string;
}

/**
 * A record's workflow step behind a confirmation: shown with the update permission, it runs the
 * engine action through useAction (pending state, the server's message as the notice, a refresh);
 * a refusal (409) opens the error dialog with the server's reason.
 */
export function ConfirmActionButton({
  action,
  label,
  icon,
  color = 'primary',
  confirmTitle,
  confirmContent,
  confirmLabel,
}: ConfirmActionButtonProps) {
  const resource = action.resource;
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ action: 'edit', resource, record });
  const [open, setOpen] = useState(false);
  const { submit, isPending } = useAction((dataProvider) => dataProvider.action(action, { id: record!.id }));
  if (!resource || !record || !canAccess) return null;
  return (
    <>
      <Button label={label} color={color} onClick={() => setOpen(true)} disabled={isPending}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={confirmTitle}
        content={confirmContent}
        confirm={confirmLabel ?? label}
        confirmColor={color === 'error' || color === 'warning' ? 'warning' : 'primary'}
        onConfirm={async () => {
          await submit({});
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
