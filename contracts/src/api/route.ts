import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not JSON (a file, an image, no content, a socket upgrade): described for the docs only. */
export interface RawAnswer {
  description: string;
  content?: Record<string, { schema: object }>;
}

/**
 * What a token may be used for: `read` (GET), `write` (every other change), `import` (the `import/` routes), `admin` (what
 * only an administrator may do: without it, an administrator's token acts as an ordinary user). A route names its
 * scope in its contract (`scope`, below); a token made without naming any holds them all, as TestY's did.
 */
export const TOKEN_SCOPES = ['read', 'write', 'import', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * One operation of the wire: where it is, what it takes and what it answers, in zod schemas. The server registers
 * its handler under it (and the OpenAPI document comes from it); the client's typed calls are derived from it.
 */
export interface RouteContract {
  method: Method;
  /** Fastify's syntax: `/api/v2/testplans/:id(^\\d+)/`; the client fills the named parameters. */
  path: string;
  summary: string;
  description?: string;
  querystring?: z.ZodType;
  /** Request headers the handler reads (documented only: handlers read them themselves). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as multipart/form-data (fields as text, plus files). */
  multipart?: boolean;
  response: Record<number, z.ZodType | RawAnswer>;
  /** Headers an answer carries, by status: name → what it says (documented only). */
  responseHeaders?: Record<number, Record<string, string>>;
  /** Answers callers who are not signed in too: signing in, the CSRF cookie, health, the banners. */
  public?: boolean;
  /** The scope an API token needs to call it, when not its method's: `read` for GET, `write` otherwise (api-tokens.ts). */
  scope?: TokenScope;
}

/** The scope an API token needs for a route. */
export const tokenScopeOf = (route: Pick<RouteContract, 'method' | 'scope'>): TokenScope =>
  route.scope ?? (route.method === 'GET' ? 'read' : 'write');

/** A contract as its resource declares it: with the resource (the OpenAPI tag) and its own name in the set. */
export type DeclaredRoute<R extends RouteContract = RouteContract> = R & { readonly resource: string; readonly name: string };

const ROUTE_SET = Symbol.for('testament.routeSet');

/** A resource's operations by name, e.g. `planRoutes.retrieve`; the client's `endpoints(planRoutes)` has one call per name. */
export type RouteSet<T extends Record<string, RouteContract> = Record<string, RouteContract>> = {
  readonly [K in keyof T & string]: DeclaredRoute<T[K]>;
} & { readonly [ROUTE_SET]: string };

/** Declares a resource's operations; `resource` is its name in every layer (`routes/plans/`, the OpenAPI tag `plans`). */
export function routeSet<const T extends Record<string, RouteContract>>(resource: string, routes: T): RouteSet<T> {
  const declared = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, resource, name }]));
  return Object.assign(declared, { [ROUTE_SET]: resource }) as unknown as RouteSet<T>;
}

export function isRouteSet(value: unknown): value is RouteSet {
  return typeof value === 'object' && value !== null && ROUTE_SET in value;
}

/** The operations of a set, without its brand. */
export function routesOf(set: RouteSet): DeclaredRoute[] {
  return Object.values(set);
}

/** A file download, e.g. `file('image/png', 'image/jpeg')`. */
export function file(description: string, ...mediaTypes: string[]): RawAnswer {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return {
    description,
    content: Object.fromEntries((mediaTypes.length ? mediaTypes : ['application/octet-stream']).map((type) => [type, binary])),
  };
}

export const noContent: RawAnswer = { description: 'No content' };

type ParameterName<Segment extends string> = Segment extends `${infer Name}(${string}` ? Name : Segment;

/** The named parameters of a path: `/testplans/:id(^\\d+)/cases/` → `{ id: number | string }`. */
export type PathParameters<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? { [K in ParameterName<Segment>]: number | string } & PathParameters<Tail>
    : { [K in ParameterName<Rest>]: number | string }
  : unknown;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)(\([^/]*\))?/g;

/** The path with its parameters filled in, each encoded. */
export function pathOf(path: string, parameters: Record<string, number | string>): string {
  return path.replace(PARAMETER, (_whole, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`${path} needs its parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}
