import { sql } from 'kysely';
import { ApiError } from '../../errors.js';
import { defineAction, defineResource } from '../../rest/declaration.js';
import { sosContactMove, sosContacts as sosContactsManifest } from '../../../src/domain/resources/sosContacts.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/**
 * POST sos-contacts/:id/move {direction} or {position}: swaps the contact with its neighbour, or
 * takes it out and puts it back at `position` (a drag and drop; past the end means last), and
 * renumbers every contact 1…n in one transaction (all rows locked in order, so concurrent moves
 * queue and the order never holds duplicates or gaps).
 */
const move = defineAction({
  summary: 'Move an emergency contact',
  description:
    'One place `direction` up or down, or to the 1-based `position` (past the end: last), in the display order (the order the apps list contacts in). Every contact is renumbered 1…n in the same transaction. 409 when the contact is already first (up), last (down) or at the position.',
  body: sosContactMove,
  async handler({ trx, id, input }) {
    const ordered = await trx
      .selectFrom('sosContacts')
      .select(['id', 'name'])
      .orderBy('displayOrder')
      .orderBy('id')
      .forUpdate()
      .execute();
    const at = ordered.findIndex((c) => c.id === id);
    const position = input.position as number | undefined;
    const to =
      position !== undefined && position !== null
        ? Math.min(position, ordered.length) - 1
        : input.direction === 'up'
          ? at - 1
          : at + 1;
    if (to < 0 || to >= ordered.length)
      throw new ApiError(409, refusal(input.direction === 'up' ? 'contactAlreadyFirst' : 'contactAlreadyLast'));
    if (to === at) throw new ApiError(409, refusal('contactAlreadyNumber', { position: at + 1 }));
    const [moved] = ordered.splice(at, 1);
    ordered.splice(to, 0, moved);
    await sql`update sos_contacts c set display_order = v.position, updated_at = case when c.display_order <> v.position then now() else c.updated_at end
      from (values ${sql.join(ordered.map((c, i) => sql`(${c.id}::int, ${i + 1}::int)`))}) as v(id, position)
      where c.id = v.id`.execute(trx);
    return { message: `${moved.name} is now number ${to + 1}` };
  },
});

export const sosContacts = defineResource(sosContactsManifest, {
  table: 'sosContacts',
  description:
    'Public emergency numbers the apps show next to the SOS button, in `displayOrder` (the default sort; POST sos-contacts/:id/move changes it). Phones follow the shared rule (E.164) and also take short codes such as 999; letters are refused. A new contact goes last.',
  actions: { move },
  delete: true,
});
