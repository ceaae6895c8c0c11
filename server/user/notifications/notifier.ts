import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { NotificationType } from '../../../src/domain/enums.js';
import { codeOf } from '../../../src/domain/messageCodes.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  /** The permission a staff member needs to receive it. */
  permission: string;
  /** Only this role's staff (an SOS escalation); every role holding the permission when absent. */
  roleId?: number | null;
  subjectType: string;
  subjectId: number;
}

export interface NotificationMessage {
  id: number;
  type: string;
  title: string;
  /** The title's catalogue key and parameters, when it was said by its code (`refusal`). */
  titleCode: string | null;
  titleParams: Record<string, string> | null;
  createdAt: string;
  subjectType: string;
  subjectId: number;
}

/** Delivers an event to given staff members' rooms; realtime fills it in. */
export type Deliver = (staffIds: number[], event: string, payload: unknown) => void;

export class Notifier {
  private deliver: Deliver = () => {};
  constructor(private readonly db: Db) {}

  setDelivery(deliver: Deliver): void {
    this.deliver = deliver;
  }

  /**
   * Records a notification in the caller's transaction and returns a function
   * that pushes it to every entitled staff member once the transaction commits.
   */
  async record(trx: Transaction<Database> | Kysely<Database>, input: NotificationInput): Promise<() => Promise<void>> {
    const said = codeOf(input.title);
    const row = await trx
      .insertInto('notifications')
      .values({ ...input, titleCode: said?.code ?? null, titleParams: said ? JSON.stringify(said.params) : null })
      .returningAll()
      .executeTakeFirstOrThrow();
    const message: NotificationMessage = {
      id: row.id,
      type: row.type,
      title: row.title,
      titleCode: row.titleCode,
      titleParams: row.titleParams,
      createdAt: row.createdAt.toISOString(),
      subjectType: row.subjectType,
      subjectId: row.subjectId,
    };
    return async () => {
      const ids = await this.entitledStaff(input.permission, input.roleId ?? undefined);
      this.deliver(ids, 'newNotification', message);
    };
  }

  /** Records and sends at once, outside any caller transaction. */
  async publish(input: NotificationInput): Promise<void> {
    const send = await this.record(this.db, input);
    await send();
  }

  /** Sends an event (no stored notification) to every active staff member holding `permission`. */
  async emitTo(permission: string, event: string, payload: unknown): Promise<void> {
    // Read the staff first: `this.deliver(await …)` would take the delivery from before the await,
    // and send through a closing app's Redis adapter after shutdown switched delivery off.
    const ids = await this.entitledStaff(permission);
    this.deliver(ids, event, payload);
  }

  async entitledStaff(permission: string, roleId?: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('staffs')
      .select('staffs.id')
      .where('staffs.status', '=', 'active')
      .$if(roleId !== undefined, (q) => q.where('staffs.roleId', '=', roleId!))
      .where(
        sql<boolean>`exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = staffs.role_id and p.name = ${permission})`,
      )
      .execute();
    return rows.map((r) => r.id);
  }
}
