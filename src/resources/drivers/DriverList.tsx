import { lazy } from 'react';
import type { ListScreenProps } from '../types';
import { UNAPPROVED_STORE_KEY } from './approvalFilters';

const DriverReviewQueue = lazy(() => import('./DriverReviewQueue'));
const ApprovedDriverList = lazy(() => import('./ApprovedDriverList'));

/** The drivers' list screens: the review queue for the unapproved route, the drivers table otherwise. */
export default function DriverList(props: ListScreenProps) {
  return props.storeKey === UNAPPROVED_STORE_KEY ? <DriverReviewQueue {...props} /> : <ApprovedDriverList {...props} />;
}
