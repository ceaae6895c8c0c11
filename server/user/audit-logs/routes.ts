import type { FastifyInstance } from 'fastify';
import { auditActionNames } from '../../../src/domain/auditActions.js';
import { DECLARATIONS } from '../../resources.js';
import { UNDO_AUDIT_ACTION } from '../../rest/actions.js';
import { defineQuery, registerQueries } from '../../rest/queries.js';
import { DOCUMENTS_EXPIRED } from '../drivers/documents.js';
import { REFUND_AUDIT_ACTION } from '../../trip/issues/resource.js';

/** Audit actions written outside any declaration's `actions` (scheduled checks, a refund on the passenger, a bulk undo). */
const SYSTEM_ACTIONS = [DOCUMENTS_EXPIRED, REFUND_AUDIT_ACTION, UNDO_AUDIT_ACTION];

/** The names once: the declarations do not change while the process runs. */
const names = auditActionNames(
  DECLARATIONS.map((d) => Object.keys(d.actions ?? {})),
  SYSTEM_ACTIONS,
);

export const auditActions = defineQuery({
  name: 'actions',
  summary: 'Every action name the audit log can hold',
  description:
    "create, update and delete first, then every engine action a resource declares (block, assign, approve-document, …) and the system checks, sorted: the choices of the audit log's `action` filter.",
  access: 'view-AuditLog',
  parameters: {},
  parse: () => ({}),
  handler: async () => names,
});

export function auditLogRoutes(app: FastifyInstance): void {
  registerQueries(app, 'audit-logs', [auditActions]);
}
