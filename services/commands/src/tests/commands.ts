import { commandUnit, type UnitOf } from '../kernel/command-units.ts';
import { testCommands, testHandlers } from './handlers.ts';

/** Tests (cases placed in plans), their assignment and their results (many at once: workflows/result-batch.ts). */
export const commands = commandUnit({
  resource: 'tests',
  provides: {
    tests: ({ kernel, ports }) =>
      testCommands(kernel, {
        usableStatusIds: ports.usableStatusIds,
        unusableAttachment: ports.unusableAttachment,
        requiredResultAttributes: ports.requiredResultAttributeNames,
        planLive: async (projectId, planId) => (await ports.plans.planOf(projectId, planId)) !== undefined,
        currentCase: ports.currentCaseVersion,
        preloadCases: (caseIds) => ports.cases.preload(caseIds),
        editSettings: ports.resultEditSettings,
      }),
  },
  handlers: ({ ports }) => testHandlers(ports.tests),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** The test commands, for the workflows that follow cases and plans. */
    tests: ReturnType<typeof testCommands>;
  }
  interface CommandUnits {
    tests: UnitOf<typeof commands>;
  }
}
