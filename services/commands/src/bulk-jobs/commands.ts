import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { bulkJobCommands } from './handlers.ts';

/** Bulk jobs: their commands are driven by the bulk-job workflow (workflows/bulk-jobs.ts). */
export const commands = commandUnit({
  resource: 'bulk-jobs',
  provides: { bulkJobs: ({ kernel }) => bulkJobCommands(kernel) },
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The bulk jobs' own commands. */
    bulkJobs: ReturnType<typeof bulkJobCommands>;
  }
  interface CommandUnits {
    'bulk-jobs': UnitOf<typeof commands>;
  }
}
