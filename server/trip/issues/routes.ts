import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorSchema, idParams, parseId } from '../../rest/engine.js';
import { notFound } from '../../errors.js';
import { issueTimeline } from './events.js';
import { HANDLES_ISSUES } from './resource.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** GET issues/:id/events (the timeline and notes) and GET issues/assignees (who may be given an issue). */
export function issueRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  app.get(
    '/issues/assignees',
    {
      config: { access: 'view-Issue' },
      schema: {
        tags: ['issues'],
        summary: 'Staff who may handle issues',
        description: `Active staff whose role holds ${HANDLES_ISSUES}, by name, with how many open or in-progress issues each has: the choices of the desk's "assign to" action.`,
        response: { 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('staffs')
        .select(['id', sql<string>`first_name || ' ' || last_name`.as('name')])
        .select(
          sql<number>`(select count(*)::int from issues i where i.assignee_id = staffs.id and i.status in ('open', 'in_progress'))`.as(
            'openIssues',
          ),
        )
        .where('status', '=', 'active')
        .where(
          sql<boolean>`exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = staffs.role_id and p.name = ${HANDLES_ISSUES})`,
        )
        .orderBy('firstName')
        .orderBy('lastName')
        .orderBy('id')
        .execute();
      return { data: rows };
    },
  );
  app.get(
    '/issues/:id/events',
    {
      config: { access: 'view-Issue' },
      schema: {
        tags: ['issues'],
        summary: "An issue's timeline and notes",
        description:
          'Oldest first: kind (opened, assigned, priority, status, note, credit), who acted (staffId, staffName), fromValue and toValue (statuses, priorities, or assignee ids with fromName and toName), note (an internal note, the resolution note or the reason to reopen), amount and transactionId (a goodwill credit).',
        params: idParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const issue = await db.selectFrom('issues').select('id').where('id', '=', id).executeTakeFirst();
      if (!issue) throw notFound(refusal('noSuch', { label: 'record' }));
      const rows = await issueTimeline(db, id);
      return { data: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
    },
  );
}
