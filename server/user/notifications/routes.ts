import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { staffOf } from '../../auth/guard.js';
import { badRequest } from '../../errors.js';

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
};

/** The signed-in staff member's notifications: those whose permission their role holds. */
export function notificationRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in staff member’s notifications, newest first',
        querystring: pageQuery,
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { page, perPage } = request.query as { page: number; perPage: number };
      const permissions = [...staff.permissions];
      if (!permissions.length)
        return { data: { notifications: [], unseenCount: 0 }, meta: { page, perPage, total: 0, totalPages: 0 } };
      const visible = db
        .selectFrom('notifications')
        .where('permission', 'in', permissions)
        .where((eb) => eb.or([eb('roleId', 'is', null), eb('roleId', '=', staff.roleId)]));
      const me = await db
        .selectFrom('staffs')
        .select('notificationsSeenUpTo')
        .where('id', '=', staff.id)
        .executeTakeFirstOrThrow();
      const [rows, counts] = await Promise.all([
        visible
          .select(['id', 'type', 'title', 'titleCode', 'titleParams', 'subjectType', 'subjectId', 'createdAt'])
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        visible
          .select([
            sql<number>`count(*)`.as('total'),
            sql<number>`count(*) filter (where id > ${me.notificationsSeenUpTo})`.as('unseen'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const total = Number(counts.total);
      return {
        data: {
          notifications: rows.map((r) => ({ ...r, seen: r.id <= me.notificationsSeenUpTo })),
          unseenCount: Number(counts.unseen),
        },
        meta: { page, perPage, total, totalPages: Math.ceil(total / perPage) },
      };
    },
  );

  app.put(
    '/notifications/markAllAsSeen',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks every notification the signed-in staff member can see as seen (for them only)',
        body: { type: 'object', properties: { markAllAsSeen: { type: 'boolean' } } },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const body = (request.body ?? {}) as { markAllAsSeen?: boolean };
      if (body.markAllAsSeen === false) throw badRequest('markAllAsSeen must be true');
      const newest = await db
        .selectFrom('notifications')
        .select(sql<number>`coalesce(max(id), 0)`.as('max'))
        .executeTakeFirstOrThrow();
      await db
        .updateTable('staffs')
        .set({ notificationsSeenUpTo: sql<number>`greatest(notifications_seen_up_to, ${Number(newest.max)})` })
        .where('id', '=', staff.id)
        .execute();
      return { data: { unseenCount: 0 }, message: 'All notifications marked as seen' };
    },
  );
}
