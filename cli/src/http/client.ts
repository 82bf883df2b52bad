import type { RouteContract } from '@testament/contracts';
import { pathOf } from '@testament/contracts/api/route';
import { CliError, EXIT } from '../exit-codes.ts';
import type { AnswerOf, CallInput, Operation } from './operations.ts';
import { refusalOf } from './refusal.ts';

/** A Testament server's API as one user's token reaches it (`Authorization: Token <key>`, as TestY's TTL tokens). */
export class ApiClient {
  constructor(
    /** The server's base URL, without a trailing slash (config.ts normalises it). */
    readonly server: string,
    private readonly token: string | undefined,
  ) {}

  /** Calls the operation and answers its parsed JSON; a refusal throws a CliError that says why. */
  async call<R extends RouteContract>(operation: Operation<R>, input: CallInput<R> = {}): Promise<AnswerOf<R>> {
    const response = await this.send(operation, input);
    return (response.status === 204 ? undefined : await response.json()) as AnswerOf<R>;
  }

  /** Calls the operation and answers the response itself, its body unread: for the files the API streams. */
  download<R extends RouteContract>(operation: Operation<R>, input: CallInput<R> = {}): Promise<Response> {
    return this.send(operation, input);
  }

  private async send<R extends RouteContract>(operation: Operation<R>, input: CallInput<R>): Promise<Response> {
    const path = pathOf(operation.path, (input.params ?? {}) as Record<string, string | number>);
    const url = new URL(`${this.server}${path}`);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Token ${this.token}`;
    let body: FormData | string | undefined = input.form;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    let response: Response;
    try {
      response = await fetch(url, { method: operation.method, headers, body });
    } catch (error) {
      throw new CliError(`cannot reach ${this.server}: ${reasonOf(error)}`, EXIT.noAccess);
    }
    if (!response.ok) throw await refusalOf(response, `${operation.method} ${url.pathname}`);
    return response;
  }
}

/** fetch's TypeError says only "fetch failed": the network's reason is its cause (ECONNREFUSED, ENOTFOUND, a certificate). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
