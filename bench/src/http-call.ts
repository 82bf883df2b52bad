/** One HTTP call over a kept-alive connection, timed from send to the end of the body. */
import { Agent, request } from 'node:http';

export interface Credentials {
  cookie: string;
  csrf: string;
}

export interface HttpCall {
  /** Groups latencies in the outcome, e.g. "list" or "create". */
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
  /** The status that counts as success. */
  expect: number;
  /** Longer than the default for a call known to be slow (a first fold of the past). */
  timeoutMs?: number;
  /** The body's bytes go here as they come instead of into `body` (an export larger than a string can hold). */
  onChunk?: (chunk: Buffer) => void;
}

export interface CallResult {
  /** 0 when there was no answer (see failure). */
  status: number;
  ms: number;
  body: string;
  failure?: 'timeout' | 'network error';
}

/** A call not answered by then counts as failed, so a stuck server cannot stall a run. */
const TIMEOUT_MS = 30_000;

/** One keep-alive connection: give each sequential client its own so none waits for another's socket. */
export const connection = () => new Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with its status, latency and body, never rejects. */
export function call(agent: Agent, baseUrl: string, spec: HttpCall, credentials?: Credentials): Promise<CallResult> {
  const url = new URL(spec.path, baseUrl);
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers: Record<string, string | number> = { origin: url.origin };
  if (credentials) Object.assign(headers, { cookie: credentials.cookie, 'x-csrftoken': credentials.csrf });
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  const sent = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { method: spec.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => (spec.onChunk ? spec.onChunk(chunk) : chunks.push(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - sent, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - sent, body: '', failure: 'network error' }));
    });
    let timedOut = false;
    req.setTimeout(spec.timeoutMs ?? TIMEOUT_MS, () => {
      timedOut = true;
      req.destroy();
    });
    req.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - sent, body: String(error), failure: timedOut ? 'timeout' : 'network error' }),
    );
    req.end(body);
  });
}
