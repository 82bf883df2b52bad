import { pathOf, routesOf, type PathParameters, type RouteContract, type RouteSet } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { ApiAnswer, QueryValue, RequestOptions } from './request.ts';

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a call answers: its contract's success bodies (none for a 204 or a file). */
export type AnswerOf<R extends RouteContract> = {
  [S in keyof R['response'] & SuccessStatus]: R['response'][S] extends z.ZodType ? z.output<R['response'][S]> : undefined;
}[keyof R['response'] & SuccessStatus];

/** The query a contract reads: its own keys, each as a query string value. */
type QueryOf<R extends RouteContract> = R extends { querystring: infer Q extends z.ZodType }
  ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
  : unknown;

/** The body a contract reads; a route taking multipart may be sent a form instead. */
type BodyOf<R extends RouteContract> = R extends { body: infer B extends z.ZodType }
  ? R extends { multipart: true }
    ? { body?: z.input<B>; form?: FormData }
    : { body: z.input<B> }
  : R extends { multipart: true }
    ? { form: FormData }
    : unknown;

/** What a call takes: the path's parameters by name, then `query` and `body` where the contract has them. */
export type InputOf<R extends RouteContract> = PathParameters<R['path']> & QueryOf<R> & BodyOf<R>;

/** How a call is handled besides its input: the statuses the caller shows itself, extra headers, a session replaced. */
export type CallOptions = Omit<RequestOptions, 'query' | 'json' | 'form'>;

type Arguments<R extends RouteContract> =
  object extends InputOf<R> ? [input?: InputOf<R>, options?: CallOptions] : [input: InputOf<R>, options?: CallOptions];

/** One operation of the wire as a call typed by its contract: `plans.retrieve({ id })` answers `Observable<Plan>`. */
export interface Endpoint<R extends RouteContract> {
  (...args: Arguments<R>): Observable<AnswerOf<R>>;
  /** The same call, with the answer's headers (a case's `ETag`). */
  answer(...args: Arguments<R>): Observable<ApiAnswer<AnswerOf<R>>>;
  /** The operation's address, for a link or a download the browser makes itself. */
  path(parameters: PathParameters<R['path']>): string;
}

export type Endpoints<S extends RouteSet> = { readonly [K in keyof S & string]: S[K] extends RouteContract ? Endpoint<S[K]> : never };

/** Whatever sends a call: the app's `ApiClient`. */
export interface CallSender {
  answer<T>(method: RouteContract['method'], path: string, options?: RequestOptions): Observable<ApiAnswer<T>>;
  request<T>(method: RouteContract['method'], path: string, options?: RequestOptions): Observable<T>;
}

interface LooseInput {
  query?: RequestOptions['query'];
  body?: unknown;
  form?: FormData;
  [parameter: string]: unknown;
}

function requestOf(input: LooseInput | undefined, options: CallOptions | undefined): RequestOptions {
  const request: RequestOptions = { ...options };
  if (input?.query) request.query = input.query;
  if (input?.form) request.form = input.form;
  else if (input?.body !== undefined) request.json = input.body;
  return request;
}

/** A resource's operations as typed calls through `sender`; see `ApiClient.endpoints`. */
export function endpointsOf<S extends RouteSet>(sender: CallSender, set: S): Endpoints<S> {
  const calls: Record<string, unknown> = {};
  for (const route of routesOf(set)) {
    const address = (input: LooseInput | undefined) => pathOf(route.path, (input ?? {}) as Record<string, string | number>);
    const call = (input?: LooseInput, options?: CallOptions) => sender.request(route.method, address(input), requestOf(input, options));
    call.answer = (input?: LooseInput, options?: CallOptions) => sender.answer(route.method, address(input), requestOf(input, options));
    call.path = (parameters: Record<string, string | number>) => pathOf(route.path, parameters);
    calls[route.name] = call;
  }
  return calls as Endpoints<S>;
}
