import { DRIVER_APPROVAL_STATUSES } from '../../domain/enums';

/** The permanent filters that split drivers into the approved and unapproved lists. */
export const APPROVED_DRIVERS_FILTER = { approvalStatus: 'approved' } as const;
export const UNAPPROVED_DRIVERS_FILTER = {
  approvalStatus: DRIVER_APPROVAL_STATUSES.filter((status) => status !== 'approved'),
};
/** The unapproved route's store key: its list is the review queue. */
export const UNAPPROVED_STORE_KEY = 'unapproved-drivers';
