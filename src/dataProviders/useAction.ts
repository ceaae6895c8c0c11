import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { fieldErrorsOf } from '../http';
import type { ActionResult } from './customMethods';
import type { PanelDataProvider } from './createDataProvider';

/** The panel's data provider, through react-admin (so a 401 ends the session in checkError). */
export const usePanelDataProvider = () => useDataProvider<PanelDataProvider>();

export interface UseActionOptions<Result> {
  /** The notice after success (a translation key); without one, the server's `message`, if any. */
  successMessage?: string;
  onSuccess?: (result: ActionResult<Result>) => void;
  /** Refetch what the page shows after success (default true). */
  refresh?: boolean;
}

/**
 * Runs a non-CRUD call (an action, a profile change…) as a form's submit:
 * `submit` is the form's onSubmit; while it runs `isPending` is true; on
 * success a notice and a refresh; a refusal with `{errors}` puts each message
 * under its input (react-admin's Form calls react-hook-form's setError with
 * what onSubmit returns). Other failures open the error dialog (http layer).
 */
export function useAction<Values extends FieldValues, Result = unknown>(
  call: (dataProvider: PanelDataProvider, values: Values) => Promise<ActionResult<Result>>,
  { successMessage, onSuccess, refresh: refreshAfter = true }: UseActionOptions<Result> = {},
) {
  const dataProvider = usePanelDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);

  const submit = async (values: FieldValues): Promise<Record<string, string> | undefined> => {
    setPending(true);
    try {
      const result = await call(dataProvider, values as Values);
      const message = successMessage ?? result.message;
      if (message) notify(message, { type: 'success' });
      onSuccess?.(result);
      if (refreshAfter) refresh();
      return undefined;
    } catch (error) {
      return fieldErrorsOf(error);
    } finally {
      setPending(false);
    }
  };

  return { submit, isPending };
}
