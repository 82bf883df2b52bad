import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedTarget } from './address-guard.ts';

/** How one attempt went, as the delivery's log records it. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of the answer's body. */
  response: string;
}

export interface RequestLimits {
  timeoutMs: number;
  /** Bytes of the answer read at most; the rest is not waited for. */
  maxResponseBytes: number;
  /** Characters of the answer kept in the log. */
  keptResponseChars: number;
}

export const DEFAULT_LIMITS: RequestLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, keptResponseChars: 1024 };

/**
 * POSTs `body` to the vetted address: the connection's lookup answers that address (the name is not resolved again,
 * so it cannot be rebound to another), while Host and TLS's server name stay the URL's. No redirect is followed (an
 * answer is an answer), the whole exchange has `timeoutMs`, and at most `maxResponseBytes` of the answer are read.
 * Never throws: a failure is the result's `error`.
 */
export function postTo(
  target: VettedTarget,
  headers: Record<string, string>,
  body: string,
  limits: RequestLimits,
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const vettedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = send(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: vettedLookup,
        agent: false,
        signal,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, limits.keptResponseChars);
          finish({ statusCode: response.statusCode ?? null, error: null, response: text });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (read < limits.maxResponseBytes) chunks.push(chunk.subarray(0, limits.maxResponseBytes - read));
          read += chunk.length;
          if (read >= limits.maxResponseBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${limits.timeoutMs} ms`, response: '' });
      request.destroy();
    }, limits.timeoutMs);
    request.on('error', (error) => finish({ statusCode: null, error: error.message, response: '' }));
    request.end(body);
  });
}
