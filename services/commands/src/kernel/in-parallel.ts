/** Runs `work` over the items, at most `concurrency` at a time; resolves when all are done, rejects on the first failure. */
export async function inParallel<T>(items: Iterable<T>, concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let step = iterator.next(); !step.done; step = iterator.next()) await work(step.value);
    }),
  );
}
