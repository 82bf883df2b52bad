import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { labelCatalogue, labelHandlers } from './handlers.ts';

/** A project's labels. */
export const commands = commandUnit({
  resource: 'labels',
  provides: { labelCatalogue: ({ kernel }) => labelCatalogue(kernel) },
  handlers: ({ kernel }) => labelHandlers(kernel),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The project's label catalogue, to find or make labels by name (an import). */
    labelCatalogue: ReturnType<typeof labelCatalogue>;
  }
  interface CommandUnits {
    labels: UnitOf<typeof commands>;
  }
}
