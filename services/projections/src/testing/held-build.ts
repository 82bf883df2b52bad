import type { ReadModelsBuild } from '../runner/versioned-read-models.ts';

/** A build that starts folding only once `held` resolves (or never, if stopped first): a test acts while the old copies still serve. */
export function heldBack(build: ReadModelsBuild, held: Promise<void>): ReadModelsBuild {
  let stopped = false;
  let stopWaiting!: () => void;
  const stop = new Promise<void>((resolve) => (stopWaiting = resolve));
  return {
    get position() {
      return build.position;
    },
    get resumedFrom() {
      return build.resumedFrom;
    },
    start: async (until?: number) => {
      await Promise.race([held, stop]);
      if (!stopped) await build.start(until);
    },
    stop: async () => {
      stopped = true;
      stopWaiting();
      await build.stop();
    },
    close: () => build.close?.() ?? Promise.resolve(),
  };
}
