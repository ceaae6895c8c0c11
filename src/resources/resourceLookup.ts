import type { Service } from './types';

/** What the data provider and canAccess need to know about a resource. */
export interface ResourceRouting {
  name: string;
  service: Service;
  path: string;
}

export interface ResourceLookup {
  /**
   * The resource known by its react-admin name (its path) or its backend
   * name, also in camelCase as react-admin's guessers infer references
   * (`vehicleTypeId` gives `vehicleTypes`).
   */
  find(resource: string): ResourceRouting | undefined;
}

const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function createResourceLookup(resources: readonly ResourceRouting[]): ResourceLookup {
  const byPath = new Map(resources.map((resource) => [resource.path, resource]));
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  return {
    find: (resource) => byPath.get(resource) ?? byName.get(resource) ?? byName.get(kebabCase(resource)),
  };
}
