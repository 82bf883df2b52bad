import { describe, it } from 'vitest';

/** A contract suite that cannot run here (its server is not set and none could be started): says why, in the log and the report. */
export function describeSkippedSuite(title: string, reason: string): void {
  const message = `${title} SKIPPED: ${reason}`;
  console.warn(message);
  describe(title, () => {
    it.skip(message, () => {});
  });
}
