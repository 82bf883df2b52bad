/** One answer of the scripted server: a status and a JSON body, or `network-error` for no answer at all. */
export type ScriptedAnswer = { status: number; body?: unknown } | 'network-error';

export interface ScriptedFetch {
  fetch: typeof fetch;
  /** Every request, as "METHOD path", in order. */
  calls: string[];
  /** Headers of every request, in order. */
  headers: Array<Record<string, string>>;
  /** JSON bodies of every request (undefined for none), in order. */
  bodies: unknown[];
}

/**
 * A stand-in for the network in unit tests of the data layer: answers by
 * "METHOD path" (query string included). The e2e suite talks to the real server.
 */
export function scriptedFetch(answers: Record<string, ScriptedAnswer>, options: { onCall?(key: string): void } = {}): ScriptedFetch {
  const calls: string[] = [];
  const headers: Array<Record<string, string>> = [];
  const bodies: unknown[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    headers.push({ ...((init.headers as Record<string, string> | undefined) ?? {}) });
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
    options.onCall?.(key);
    const answer = answers[key] ?? { status: 200, body: {} };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls, headers, bodies };
}
