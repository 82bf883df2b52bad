import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { attachmentHandlers, unusableAttachment } from './handlers.ts';

/** Files, and which of them a project's objects may refer to. */
export const commands = commandUnit({
  resource: 'attachments',
  provides: {
    attachments: ({ kernel }) => attachmentHandlers(kernel),
    unusableAttachment:
      ({ kernel }) =>
      (projectId, attachmentIds) =>
        unusableAttachment(kernel, projectId, attachmentIds),
  },
  handlers: ({ ports }) => ports.attachments,
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The attachment commands, for the workflows that record files (a report import's test output). */
    attachments: ReturnType<typeof attachmentHandlers>;
    /** The first of these files that is not a live attachment of the project, or null. */
    unusableAttachment: (projectId: number, attachmentIds: readonly number[]) => Promise<number | null>;
  }
  interface CommandUnits {
    attachments: UnitOf<typeof commands>;
  }
}
