/**
 * What a developer adds to the generated vehicles resource for issue 42's "Retire vehicle": the
 * declared action (inserted into the declaration before its labels) and its handler file (typed
 * against the vehicles' record and the action's body). The server and browser tests add the same.
 */
export const RETIRE_ACTION = `  actions: {
    retire: {
      label: 'Retire vehicle',
      body: { reason: { type: 'text', required: true, maxLength: 200 } },
      confirm: 'Retire this vehicle? It leaves the active fleet.',
      inBulk: true,
    },
  },
`;

export const RETIRE_HANDLER = `import { vehicles } from '../../src/domain/resources/declared/vehicles.js';
import { ApiError } from '../errors.js';
import { defineDeclaredHandlers } from '../rest/declaredActions.js';

export default defineDeclaredHandlers(vehicles, {
  async retire({ record, input, update }) {
    if (record.active === false) throw new ApiError(409, 'This vehicle is retired already');
    await update({ active: false });
    return { message: \`\${record.plate} retired\`, audit: { reason: input.reason } };
  },
});
`;
