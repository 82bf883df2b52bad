import { WrongExpectedRevisionError, type ExpectedRevision, type StreamAppend } from '@testament/infra';
import { toNewEvents, type KernelDeps } from './command-handler.ts';
import type { BatchedDecision, CommandMeta, DecisionBatch } from './command-meta.ts';
import type { DomainEvent } from './decider.ts';

/** Events the batch's owner writes beside its decisions (a chunk's mark). */
export interface BatchMark {
  stream: string;
  events: readonly DomainEvent[];
  expected: ExpectedRevision;
}

/**
 * The meta of the `index`-th command decided into `batch`: each is its own command (`<commandId>.<index>`), so a
 * retry (under an idempotency key, or resent after its command service died) finds each one's id and events again
 * rather than the first's.
 */
export function batchMemberMeta(meta: CommandMeta, index: number, batch: CommandBatch): CommandMeta {
  return { ...meta, commandId: `${meta.commandId}.${index}`, batch };
}

/**
 * Decisions of many commands appended together, all or nothing: a bulk job's
 * chunk with its progress mark. A command run with a batch in its meta
 * decides as usual (refusals are thrown) but appends nothing; `commit` then
 * appends every decision at once.
 */
export class CommandBatch implements DecisionBatch {
  private readonly decisions: BatchedDecision[] = [];

  /**
   * `keepStates: false` leaves the decided states out of the aggregate cache after the commit: a report import's hundred thousand new
   * cases and tests, which nothing decides on again soon, would otherwise fill the heap, and every young collection would copy them.
   */
  constructor(private readonly options: { keepStates?: boolean } = {}) {}

  add(decision: BatchedDecision): void {
    this.decisions.push(decision);
  }

  /**
   * Appends the decisions and `marks` (streams the caller writes beside them)
   * in one append; the position of its last event. After a conflict nothing is
   * stored and the cache forgets the batch's streams, so deciding again folds them from the log.
   */
  async commit(deps: Pick<KernelDeps, 'store' | 'aggregates' | 'clock'>, marks: readonly BatchMark[], meta: CommandMeta): Promise<number> {
    const now = deps.clock().toISOString();
    const appends: StreamAppend[] = [
      ...this.decisions.map(({ stream, events, expected }) => ({ stream, events, expected })),
      ...marks.map(({ stream, events, expected }) => ({ stream, events: toNewEvents(events, meta, now), expected })),
    ];
    if (appends.length === 0) return 0;
    try {
      const results = await deps.store.appendMany(appends);
      this.decisions.forEach((decision, index) => {
        if (this.options.keepStates === false) deps.aggregates.forget(decision.stream);
        else decision.remember(results[index]!.revision);
      });
      return Math.max(...results.map((result) => result.position));
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) for (const { stream } of this.decisions) deps.aggregates.forget(stream);
      throw error;
    }
  }
}
