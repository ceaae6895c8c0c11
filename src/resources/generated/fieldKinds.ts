import { MANIFEST, type FieldSpec, type ResourceManifest } from '../../domain/resources';

/** The field kit's kinds, which the generated screens pick a field, an input and a filter by. */
export type FieldKind =
  'text' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference' | 'phone' | 'file' | 'json';

/** Which kit piece shows a manifest field (pure, unit-tested). */
export function fieldKind(spec: FieldSpec): FieldKind {
  if (spec.enum) return 'enum';
  if (spec.reference) return 'reference';
  if (spec.format === 'file') return 'file';
  if (spec.format === 'phone') return 'phone';
  if (spec.format === 'money') return 'money';
  switch (spec.type) {
    case 'int':
    case 'number':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'datetime';
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}

/** Fields the server fills itself: shown, never typed in a form. */
export const SERVER_FIELDS = new Set(['createdAt', 'updatedAt']);

/** The fields a list shows: `list: false` and json ones left out. */
export const listedFields = (manifest: ResourceManifest) =>
  Object.entries(manifest.fields).filter(([, spec]) => spec.list !== false && fieldKind(spec) !== 'json');

/** The fields a form may write: those of the manifest's create (or update) schema. */
export const writableFields = (manifest: ResourceManifest, view: 'create' | 'edit') => {
  const schema = view === 'create' ? (manifest.create ?? manifest.update) : (manifest.update ?? manifest.create);
  const names = Object.keys(schema?.fields ?? {});
  return names.filter((name) => manifest.fields[name] && !SERVER_FIELDS.has(name));
};

/** Is the field required on create (its yup rule says so)? */
export const isRequired = (manifest: ResourceManifest, name: string) =>
  (manifest.create?.fields[name]?.describe() as { optional?: boolean } | undefined)?.optional === false;

/** The react-admin resource (its path) of the manifest entry a `reference` names. */
export const referencePath = (resourceName: string) =>
  MANIFEST.find((m) => m.name === resourceName)?.path ?? resourceName;
