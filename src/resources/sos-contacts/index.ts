import ContactEmergencyIcon from '@mui/icons-material/ContactEmergency';
import { lazy } from 'react';
import { sosContacts as sosContactsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Emergency (SOS) contacts, in the order the apps list them. */
export const sosContacts = definePanelResource(sosContactsManifest, {
  list: lazy(() => import('./SosContactList')),
  create: lazy(() => import('./SosContactCreate')),
  edit: lazy(() => import('./SosContactEdit')),
  icon: ContactEmergencyIcon,
});
