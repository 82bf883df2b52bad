import type { CaseContent } from '@testament/contracts';

/** A case's content with a scenario, as random histories make them. */
export const caseContent = (name: string, suiteId: number, estimate: number | null, labelIds: number[]): CaseContent => ({
  name,
  suiteId,
  description: '',
  setup: '',
  scenario: 'Do it',
  expected: '',
  teardown: '',
  estimate,
  isSteps: false,
  attributes: {},
  steps: [],
  labelIds,
  attachmentIds: [],
});
