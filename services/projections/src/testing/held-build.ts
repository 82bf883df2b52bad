import type { ReadModelsBuild } from '../runner/versioned-read-models.ts';

/** A build that starts folding only once `held` resolves: a test acts while the old copies still serve. */
export function heldBack(build: ReadModelsBuild, held: Promise<void>): ReadModelsBuild {
  return {
    get position() {
      return build.position;
    },
    get resumedFrom() {
      return build.resumedFrom;
    },
    start: async (until?: number) => {
      await held;
      await build.start(until);
    },
    stop: () => build.stop(),
    close: () => build.close?.() ?? Promise.resolve(),
  };
}
