import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { commentHandlers } from './handlers.ts';

/** Comments on cases and tests. */
export const commands = commandUnit({
  resource: 'comments',
  handlers: ({ kernel, ports }) => commentHandlers(kernel, ports.unusableAttachment),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    comments: UnitOf<typeof commands>;
  }
}
