/**
 * The handlers of the declared resources' actions (src/domain/resources/declared/*.ts `actions`),
 * one file per resource beside this one, each `export default defineDeclaredHandlers(<manifest>, {…})`
 * (server/rest/declaredActions.ts). Add a line here with each file.
 */
export const DECLARED_HANDLERS: readonly {
  resource: string;
  handlers: Record<string, (ctx: never) => Promise<unknown>>;
}[] = [];
