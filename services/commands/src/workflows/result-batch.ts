import { batchMemberMeta, CommandBatch } from '../kernel/command-batch.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import type { ResultInput, TestRef, testCommands } from '../tests/handlers.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

type TestCommands = ReturnType<typeof testCommands>;

/**
 * Rounds of results in which no test comes twice: one test's decisions must
 * each see the one before, which a batch only records when it is committed.
 * The k-th round holds each test's k-th result, in the order given.
 */
function roundsOf<R extends { testId: number }>(results: readonly R[]): Array<Array<{ index: number; result: R }>> {
  const rounds: Array<Array<{ index: number; result: R }>> = [];
  const seen = new Map<number, number>();
  results.forEach((result, index) => {
    const round = seen.get(result.testId) ?? 0;
    seen.set(result.testId, round + 1);
    rounds[round] ??= [];
    rounds[round].push({ index, result });
  });
  return rounds;
}

/**
 * Results on many tests in one request (`POST test-results/bulk-create/`):
 * every one is decided first, so a refusal of any (an archived test, an
 * unknown status, a step of another case, a required attribute) records none;
 * then each round is appended at once.
 */
export function resultBatch(deps: KernelDeps, tests: TestCommands) {
  return {
    async addResults(input: { results: Array<TestRef & ResultInput> }, meta: CommandMeta) {
      // Under an idempotency key each result is its own command: a test's second result must not pass for a retry of its first.
      const metaOf = (index: number, batch: CommandBatch): CommandMeta => batchMemberMeta(meta, index, batch);
      // Decided and thrown away: the refusals are what it is for.
      const trial = new CommandBatch();
      for (const [index, result] of input.results.entries()) await tests.addResult(result, metaOf(index, trial));
      const resultIds: number[] = [];
      let position = 0;
      for (const round of roundsOf(input.results)) {
        const batch = new CommandBatch();
        for (const { index, result } of round) resultIds[index] = (await tests.addResult(result, metaOf(index, batch))).resultId;
        position = Math.max(position, await batch.commit(deps, [], meta));
      }
      return { position, resultIds };
    },
  };
}

/** Many results in one command. */
export const commands = commandUnit({
  resource: 'tests',
  handlers: ({ kernel, ports }) => resultBatch(kernel, ports.tests),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'workflows/result-batch': UnitOf<typeof commands>;
  }
}
