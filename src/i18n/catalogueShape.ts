/** The shape of a translated catalogue: the same nested keys as the English one, every leaf a string.
 * The Swahili and French files are typed with it, so a missing or extra key fails the typecheck. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
