import type { MouseEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { grantedPermissions } from '../../authProvider';
import { useSession } from '../../auth/useSession';
import { declaredActionRefs, type BulkActionRef } from '../../domain/resourceActions';
import { actionBodySchema } from '../../domain/resources/declare';
import type { DeclaredAction, ResourceManifest } from '../../domain/resources';
import { ActionDialogButton } from '../../kit/ActionDialog';
import type { BulkActionSpec } from '../../kit/BulkActions';
import { GeneratedInput } from './GeneratedFields';

/** The permission a declared action needs: its own, else `update-<subject>` (as the server's route). */
export const actionPermission = (manifest: ResourceManifest, action: DeclaredAction) =>
  action.permission ?? `update-${manifest.subject}`;

/** The declared actions the signed-in role may run, by name. */
function useGrantedActions(manifest: ResourceManifest): [string, DeclaredAction][] {
  useSession(); // again when the session changes
  const granted = new Set(grantedPermissions());
  return Object.entries(manifest.actions ?? {}).filter(([, action]) => granted.has(actionPermission(manifest, action)));
}

/** The body's inputs, by the field kit, as the resource's own fields are. */
function BodyInputs({ manifest, action, omit }: { manifest: ResourceManifest; action: DeclaredAction; omit?: string }) {
  const body = action.body ?? {};
  const asManifest: ResourceManifest = { ...manifest, fields: body, create: actionBodySchema(action) };
  return (
    <>
      {Object.keys(body)
        .filter((source) => source !== omit)
        .map((source) => (
          <GeneratedInput key={source} manifest={asManifest} source={source} />
        ))}
    </>
  );
}

/**
 * A declared resource's actions on the record in context (a list's row, the record page): one
 * button each, for the roles holding its permission, that asks the declared confirmation with the
 * body's inputs, then runs it through its `ACTIONS` ref (`POST /<res>/:id/<name>`): the server's
 * field errors under their inputs, its message as the notice, a refresh.
 */
export function DeclaredActionButtons({ manifest }: { manifest: ResourceManifest }) {
  const translate = useTranslate();
  const refs = declaredActionRefs(manifest);
  const actions = useGrantedActions(manifest);
  // The declaration's English, or the locale's words (src/i18n/<locale>/declared.ts).
  const words = (name: string, key: 'label' | 'confirm', english: string) =>
    translate(`resources.${manifest.path}.actions.${name}.${key}`, { _: english });
  if (!actions.length) return null;
  return (
    <>
      {actions.map(([name, action]) => {
        const schema = actionBodySchema(action);
        return (
          <ActionDialogButton
            key={name}
            action={refs[name]!}
            label={words(name, 'label', action.label)}
            title={words(name, 'label', action.label)}
            description={action.confirm && words(name, 'confirm', action.confirm)}
            confirmLabel={words(name, 'label', action.label)}
            schema={schema}
            defaultValues={schema.getDefault() as Record<string, unknown>}
          >
            <BodyInputs manifest={manifest} action={action} />
          </ActionDialogButton>
        );
      })}
    </>
  );
}

const keepInside = (event: MouseEvent) => event.stopPropagation();

/**
 * A list row's cell of controls: a click in it (its buttons, and their dialogs, whose events bubble
 * through the portal to here) never reaches the row, so it never opens the record.
 */
export function RowControls({ children }: { children: ReactNode }) {
  return (
    <span onClick={keepInside} style={{ display: 'inline-flex', gap: 8, whiteSpace: 'nowrap' }}>
      {children}
    </span>
  );
}

/** The declared actions offered in bulk (`inBulk`), as the list's bulk buttons (one reason for all, the outcome per record). */
export function declaredBulkActions(manifest: ResourceManifest): BulkActionSpec[] {
  const refs = declaredActionRefs(manifest);
  return Object.entries(manifest.actions ?? {})
    .filter(([, action]) => action.inBulk)
    .map(([name, action]) => {
      // The bulk dialog has the reason (shared by every record); the body's other inputs are beside it.
      const others = Object.keys(action.body ?? {}).filter((field) => field !== 'reason');
      return {
        action: refs[name] as BulkActionRef,
        label: `resources.${manifest.path}.actions.${name}.label`,
        ...(others.length && {
          inputs: <BodyInputs manifest={manifest} action={action} omit="reason" />,
          schema: actionBodySchema(action).pick(others),
        }),
      };
    });
}
