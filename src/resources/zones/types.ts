import type { ManifestRecord } from '../../domain/resources';
import type { zones } from '../../domain/resources';

export type Zone = ManifestRecord<typeof zones>;
