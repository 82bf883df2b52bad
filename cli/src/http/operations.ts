import type {
  apiTokenRoutes,
  auditRoutes,
  bulkJobRoutes,
  importRoutes,
  PathParameters,
  planRoutes,
  projectRoutes,
  resultRoutes,
  RouteContract,
  statusRoutes,
  testRoutes,
  userRoutes,
} from '@testament/contracts';

/**
 * One operation of the API as the CLI calls it. Its method and path are checked against the route's contract at compile
 * time (the contracts keep paths as literal types), and the contract's schemas type its input and answer; the contracts
 * themselves stay out of the bundle, as only their types are imported.
 */
export interface Operation<R extends RouteContract> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Never set: it carries the contract's type to the calls. */
  readonly contract?: R;
}

function operation<R extends RouteContract>(method: R['method'], path: R['path']): Operation<R> {
  return { method, path };
}

export const operations = {
  obtainToken: operation<typeof apiTokenRoutes.create>('POST', '/api/token/obtain/'),
  me: operation<typeof userRoutes.me>('GET', '/api/v2/users/me/'),
  projects: operation<typeof projectRoutes.list>('GET', '/api/v2/projects/'),
  project: operation<typeof projectRoutes.retrieve>('GET', '/api/v2/projects/:id(^\\d+)/'),
  plans: operation<typeof planRoutes.list>('GET', '/api/v2/testplans/'),
  createPlan: operation<typeof planRoutes.create>('POST', '/api/v2/testplans/'),
  test: operation<typeof testRoutes.retrieve>('GET', '/api/v2/tests/:id(^\\d+)/'),
  statuses: operation<typeof statusRoutes.list>('GET', '/api/v2/statuses/'),
  createResult: operation<typeof resultRoutes.create>('POST', '/api/v2/results/'),
  bulkJob: operation<typeof bulkJobRoutes.retrieve>('GET', '/api/v2/bulk-jobs/:id(^\\d+)/'),
  importJunit: operation<typeof importRoutes.junit>('POST', '/api/v2/import/junit/'),
  importAllure: operation<typeof importRoutes.allure>('POST', '/api/v2/import/allure/'),
  auditExport: operation<typeof auditRoutes.export>('GET', '/api/v2/audit/export/'),
  signingKey: operation<typeof auditRoutes.signingKey>('GET', '/api/v2/audit/signing-key/'),
};

/** A schema's parsed and accepted types, read through Standard Schema (which zod implements): the CLI needs no zod of its own. */
type Typed<S, Side extends 'input' | 'output'> = S extends { '~standard': { types?: infer T } }
  ? NonNullable<T> extends Record<Side, infer V>
    ? V
    : never
  : never;

type Success = 200 | 201 | 202;

/** What an operation answers when it succeeds (never for a file answer, which is read as a stream). */
export type AnswerOf<R extends RouteContract> = Typed<R['response'][keyof R['response'] & Success], 'output'>;

/** What a call of the operation takes: its path's parameters, its query's keys and its JSON body, or a form for multipart. */
export interface CallInput<R extends RouteContract> {
  params?: PathParameters<R['path']>;
  query?: R extends { querystring: infer Q } ? { [K in keyof Typed<Q, 'input'>]?: string | number | boolean | undefined } : never;
  body?: R extends { body: infer B } ? Typed<B, 'input'> : never;
  form?: R extends { multipart: boolean } ? FormData : never;
}
