import { DRIVER_APPROVAL_STATUSES } from '../../domain/enums';

/** The permanent filters that split drivers into the approved and unapproved lists. */
export const APPROVED_DRIVERS_FILTER = { approvalStatus: 'approved' } as const;
/**
 * Every status but approved, by the server's `unapproved` filter: the queue's own status filter
 * (pending by default) then narrows it, which a permanent `approvalStatus` would override.
 */
export const UNAPPROVED_DRIVERS_FILTER = { unapproved: true } as const;
/** The statuses the unapproved list may show. */
export const UNAPPROVED_STATUSES = DRIVER_APPROVAL_STATUSES.filter((status) => status !== 'approved');
/** The unapproved route's store key: its list is the review queue. */
export const UNAPPROVED_STORE_KEY = 'unapproved-drivers';
