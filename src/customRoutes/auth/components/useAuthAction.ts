import { useCallback, useState } from 'react';
import { authFormErrorMessage } from '../../../http';

/**
 * Runs an auth form's action, tracking whether it is pending and the message
 * of its failure (`Network error`, else the server's message, else the error's).
 */
export function useAuthAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  const run = useCallback(
    async (...args: Args) => {
      setPending(true);
      setError(undefined);
      try {
        await action(...args);
      } catch (failure) {
        setError(authFormErrorMessage(failure));
      } finally {
        setPending(false);
      }
    },
    [action],
  );

  return { run, pending, error, setError };
}
