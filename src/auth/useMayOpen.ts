import { useAuthProvider } from 'react-admin';
import type { PanelAuthProvider } from '../authProvider';
import { useSession } from './useSession';

/**
 * Whether the signed-in role may open `resource` for `action`, decided during the render from the
 * session's permissions (authProvider.mayOpen), and again when the session changes. react-admin's
 * useCanAccess asks the async canAccess instead: a loading state first, one more render after it,
 * and a query observer for each of a list's fifty links.
 */
export function useMayOpen(resource: string | undefined, action: string): boolean {
  const authProvider = useAuthProvider<PanelAuthProvider>();
  useSession();
  return resource !== undefined && authProvider?.mayOpen({ resource, action }) === true;
}
