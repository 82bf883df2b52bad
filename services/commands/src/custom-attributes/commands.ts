import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { customAttributeHandlers, requiredAttributeNames, requiredResultAttributeNames } from './handlers.ts';

/** A project's custom attributes, and which of them a suite, a plan or a result must name. */
export const commands = commandUnit({
  resource: 'custom-attributes',
  provides: {
    requiredAttributeNames:
      ({ kernel }) =>
      (projectId, target) =>
        requiredAttributeNames(kernel, projectId, target),
    requiredResultAttributeNames:
      ({ kernel }) =>
      (projectId, statusId, suiteId) =>
        requiredResultAttributeNames(kernel, projectId, statusId, suiteId),
  },
  handlers: ({ kernel, ports }) => customAttributeHandlers(kernel, ports.usableStatusIds),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The attributes a suite or a plan of the project must name. */
    requiredAttributeNames: (projectId: number, target: 'testsuite' | 'testplan') => Promise<string[]>;
    /** The attributes a result of this status, on a test of a case in this suite, must name. */
    requiredResultAttributeNames: (projectId: number, statusId: number, suiteId: number) => Promise<readonly string[]>;
  }
  interface CommandUnits {
    'custom-attributes': UnitOf<typeof commands>;
  }
}
