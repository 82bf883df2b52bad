import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The garbage collector's pauses of this process (the watchdog names them in a stall, /metrics counts them). */
    gcPauses: GcPauses;
  }
}

export type GcKind = 'minor' | 'major' | 'incremental' | 'weakcb';

const KINDS: Record<number, GcKind> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** The kind of collection a `gc` performance entry reports. */
export function gcKindOf(entry: PerformanceEntry): GcKind {
  // Node puts the kind of collection in `detail`, which its types leave out.
  return KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? constants.NODE_PERFORMANCE_GC_MINOR] ?? 'minor';
}

/** Pauses kept for telling what held a stall: more than a stall of a few hundred milliseconds can hold. */
const RECENT = 256;

interface Pause {
  start: number;
  end: number;
  kind: GcKind;
}

/**
 * How long the garbage collector held the process, pause by pause, as V8
 * reports them. V8's entries arrive in the turn after the pause, so a caller
 * that wants a pause it has just sat through asks from an immediate.
 */
export class GcPauses {
  readonly totals: Record<GcKind, { count: number; seconds: number }> = {
    minor: { count: 0, seconds: 0 },
    major: { count: 0, seconds: 0 },
    incremental: { count: 0, seconds: 0 },
    weakcb: { count: 0, seconds: 0 },
  };
  longestSeconds = 0;
  private recent: Pause[] = [];
  private readonly observer = new PerformanceObserver((list) => this.record(list.getEntries()));

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** The pause time (ms) and kinds of the pauses that overlapped [from, to], in performance.now() time. */
  within(from: number, to: number): { ms: number; kinds: GcKind[] } {
    this.record(this.observer.takeRecords());
    const overlapping = this.recent.filter((pause) => pause.end > from && pause.start < to);
    const ms = overlapping.reduce((sum, pause) => sum + Math.min(pause.end, to) - Math.max(pause.start, from), 0);
    return { ms: Math.round(ms), kinds: [...new Set(overlapping.map((pause) => pause.kind))] };
  }

  close(): void {
    this.observer.disconnect();
  }

  private record(entries: PerformanceEntry[]): void {
    for (const entry of entries) {
      const kind = gcKindOf(entry);
      const total = this.totals[kind];
      total.count++;
      total.seconds += entry.duration / 1000;
      this.longestSeconds = Math.max(this.longestSeconds, entry.duration / 1000);
      this.recent.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind });
    }
    if (this.recent.length > RECENT) this.recent = this.recent.slice(-RECENT);
  }
}

/** Watches the garbage collector for the app's lifetime. */
export const gcPausesPlugin = fp(async (app: FastifyInstance) => {
  const pauses = new GcPauses();
  app.decorate('gcPauses', pauses);
  app.addHook('onClose', async () => pauses.close());
});
