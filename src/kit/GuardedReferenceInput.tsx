import type { ReactElement, ReactNode } from 'react';
import { ReferenceInput, useCanAccess, type ReferenceInputProps } from 'react-admin';

export interface GuardedReferenceInputProps extends ReferenceInputProps {
  /** What to show when the viewer may not list the referenced resource (default: nothing). */
  fallback?: ReactNode;
  /** Kept for filter forms, which read it from the element. */
  alwaysOn?: boolean;
  children: ReactElement;
}

/**
 * A ReferenceInput that asks for the referenced records only when the viewer
 * may list them (canAccess); otherwise the fallback, and no request at all.
 */
export function GuardedReferenceInput({ fallback = null, alwaysOn: _alwaysOn, ...props }: GuardedReferenceInputProps) {
  const { canAccess, isPending } = useCanAccess({ resource: props.reference, action: 'list' });
  if (isPending) return null;
  if (!canAccess) return <>{fallback}</>;
  return <ReferenceInput {...props} />;
}
