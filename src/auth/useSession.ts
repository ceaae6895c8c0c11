import { useSyncExternalStore } from 'react';
import { getSession, subscribeToSession, type Session } from '../session';

/** The current session (re-renders when it is set, cleared, or removed from storage). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}
