import type { ActionRef } from '../../domain/resourceActions';
import type { ActionParams, ActionResult } from '../../dataProviders/customMethods';
import type { PanelDataProvider } from '../../dataProviders/createDataProvider';
import type { Driver } from './types';

/** A driver action (`ACTIONS.drivers.*`), answering the driver with the computed fields the panel reads. */
export const actionOnDriver = <Body>(
  dataProvider: PanelDataProvider,
  action: ActionRef<Body>,
  params: ActionParams<Body>,
): Promise<ActionResult<Driver>> => dataProvider.action(action, params) as Promise<ActionResult<Driver>>;
