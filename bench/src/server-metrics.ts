import { readFileSync } from 'node:fs';
import type { Credentials } from './http-call.ts';

/** Resident memory of a process, from /proc (Linux), in MB. */
export function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * `GET /metrics` in Prometheus text format as `name{labels}` → value; null when the server has no such endpoint.
 * `reset` starts a new event-loop delay window (`?reset=1`) after this scrape.
 */
export async function scrapeMetrics(
  baseUrl: string,
  options: { credentials?: Credentials; reset?: boolean } = {},
): Promise<Map<string, number> | null> {
  const url = new URL(options.reset ? '/metrics?reset=1' : '/metrics', baseUrl);
  const response = await fetch(url, { headers: options.credentials ? { cookie: options.credentials.cookie } : {} });
  const text = await response.text();
  if (response.status !== 200 || !/^# (TYPE|HELP) /m.test(text)) return null;
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?)\s+(\S+)/.exec(line);
    if (sample) samples.set(sample[1]!, Number(sample[2]));
  }
  return samples;
}

/** Metric names carry their unit (Prometheus convention); seconds when they do not say. */
function toMs(name: string, value: number): number {
  if (/_(ms|milliseconds)\b/.test(name)) return value;
  if (/_(ns|nanoseconds)\b/.test(name)) return value / 1e6;
  if (/_(us|microseconds)\b/.test(name)) return value / 1e3;
  return value * 1000;
}

export interface ServerGauge {
  metric: string;
  value: number;
}

/** The event-loop delay p99 in ms: a `…_p99…` gauge (prom-client style) or a summary's `quantile="0.99"`. */
export function eventLoopDelayP99(samples: Map<string, number>): ServerGauge | null {
  for (const [key, value] of samples) {
    const name = key.replace(/\{.*$/, '');
    if (!/event_?loop.*(delay|lag)/i.test(name)) continue;
    if (/p99\b|_p99_/.test(name) || /quantile="0\.99"/.test(key)) return { metric: key, value: toMs(name, value) };
  }
  return null;
}

/** Resident memory in MB, as the server reports it. */
export function residentMbOf(samples: Map<string, number>): ServerGauge | null {
  for (const [key, value] of samples) {
    if (/^(process_resident_memory_bytes|[\w:]*(rss|resident)[\w:]*_bytes)/i.test(key)) return { metric: key, value: value / 1024 / 1024 };
  }
  return null;
}

/** A histogram's mean between two scrapes, in ms: the change of `<family>_sum` over that of `<family>_count` for one series. */
export function meanMsBetween(before: Map<string, number>, after: Map<string, number>, family: string, labels = ''): number | null {
  const change = (suffix: string) => (after.get(`${family}_${suffix}${labels}`) ?? 0) - (before.get(`${family}_${suffix}${labels}`) ?? 0);
  const count = change('count');
  return count > 0 ? Number(((change('sum') / count) * 1000).toFixed(2)) : null;
}

/**
 * Where a write's time went on the server between two scrapes, as means in ms: its wait before the handler (all requests),
 * its command up to the log's commit, its wait for the read models, and the whole request on `route` (`POST`).
 */
export function writePhaseMeans(before: Map<string, number>, after: Map<string, number>, route: string): Record<string, number> {
  const means = {
    serverQueuedMs: meanMsBetween(before, after, 'testament_http_request_queued_seconds'),
    serverCommandMs: meanMsBetween(before, after, 'testament_write_phase_seconds', '{phase="command"}'),
    serverVisibleMs: meanMsBetween(before, after, 'testament_write_phase_seconds', '{phase="visible"}'),
    serverRequestMs: meanMsBetween(before, after, 'testament_http_request_duration_seconds', `{method="POST",route="${route}"}`),
  };
  return Object.fromEntries(Object.entries(means).filter((entry): entry is [string, number] => entry[1] !== null));
}
