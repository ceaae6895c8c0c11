import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), each route's
 * compiled on its first request instead of at start. Compiling ~400 route schemas was half of the
 * server's own start time (0.7 s of 1.5 s on an idle core); a route's first call now pays its few
 * milliseconds. Every route is still compiled by the test suites (the fuzz suite calls them all), so
 * a broken schema fails a test rather than a start.
 */

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    // Fastify reads the errors off the function it was given, after the call.
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

function lazySerializer(compile: () => (doc: unknown) => string): (doc: unknown) => string {
  let compiled: ((doc: unknown) => string) | undefined;
  return (doc) => (compiled ??= compile())(doc);
}

type Factory<Route, Fn> = (externalSchemas: unknown, options: unknown) => (route: Route) => Fn;

export function lazySchemaCompilers(): NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'] {
  const buildValidator = AjvCompiler() as unknown as Factory<unknown, Validate>;
  const buildSerializer = SerializerSelector() as unknown as Factory<unknown, (doc: unknown) => string>;
  return {
    buildValidator: (externalSchemas: unknown, options: unknown) => {
      const compiler = buildValidator(externalSchemas, options);
      return (route: unknown) => lazyValidator(() => compiler(route));
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compiler = buildSerializer(externalSchemas, options);
      return (route: unknown) => lazySerializer(() => compiler(route));
    },
  } as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
}
