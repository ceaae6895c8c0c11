import type { RaRecord } from 'ra-core';
import type { ManifestRecord, sosContacts } from '../../domain/resources';

/** An emergency contact as the trip service answers it. */
export type SosContact = RaRecord<number> & ManifestRecord<typeof sosContacts>;
