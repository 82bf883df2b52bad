/** One answer of the scripted server: a status, a JSON body and any headers, or `network-error` for no answer at all. */
export type ScriptedAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

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
 * "METHOD path" (query string included), a list of answers one after another. The e2e suite talks to the real server.
 */
export function scriptedFetch(
  answers: Record<string, ScriptedAnswer | ScriptedAnswer[]>,
  options: { onCall?(key: string): void } = {},
): ScriptedFetch {
  const calls: string[] = [];
  const headers: Array<Record<string, string>> = [];
  const bodies: unknown[] = [];
  // How many times each list was answered, by this stand-in (tests may add answers as they go, so they are read at each call).
  const turns = new Map<string, number>();
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    headers.push({ ...((init.headers as Record<string, string> | undefined) ?? {}) });
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
    options.onCall?.(key);
    // A list answers the same request differently each time, its last answer from then on.
    const scripted = answers[key];
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    const answer = (Array.isArray(scripted) ? scripted[Math.min(turn, scripted.length - 1)] : scripted) ?? { status: 200, body: {} };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls, headers, bodies };
}
