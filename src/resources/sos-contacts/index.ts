import ContactEmergencyIcon from '@mui/icons-material/ContactEmergency';
import { lazy } from 'react';
import { sosContacts as sosContactsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Emergency (SOS) contacts, in the order the apps list them. */
export const sosContacts = definePanelOverrides(sosContactsManifest, {
  list: lazy(() => import('./SosContactList')),
  create: lazy(() => import('./SosContactCreate')),
  edit: lazy(() => import('./SosContactEdit')),
  // A contact is a name and a number: a row opens its form.
  show: false,
  icon: ContactEmergencyIcon,
});
