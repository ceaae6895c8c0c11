import { ApiError } from '../../errors.js';
import { defineAction, type ActionContext } from '../../rest/declaration.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** Turns a code on or off (the bulk actions of the discounts list; a PUT of `active` does the same for one). */
function activeChange(active: boolean) {
  const word = active ? 'activated' : 'deactivated';
  return defineAction({
    summary: active ? 'Activate a discount code' : 'Deactivate a discount code',
    description: active
      ? 'Passengers can use the code again (within its validity and limits). 409 when it is already active.'
      : 'Passengers can no longer use the code; trips that used it keep their discount. 409 when it is already inactive.',
    bulk: { undo: active ? 'deactivate' : 'activate' },
    async handler({ trx, existing, id }: ActionContext) {
      if (Boolean(existing!.active) === active)
        throw new ApiError(409, refusal(active ? 'discountAlreadyActive' : 'discountAlreadyInactive'));
      await trx.updateTable('discounts').set({ active, updatedAt: new Date() }).where('id', '=', id!).execute();
      return { message: `Discount ${String(existing!.code)} ${word}.` };
    },
  });
}

export const DISCOUNT_ACTIONS = { activate: activeChange(true), deactivate: activeChange(false) };
