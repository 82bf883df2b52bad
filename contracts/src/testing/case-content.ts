import type { CaseContent } from '../events/cases.ts';

/** A case's content with a scenario and nothing else, as tests, random histories and benchmarks make them. */
export const caseContent = (name: string, suiteId: number, estimate: number | null = null, labelIds: number[] = []): CaseContent => ({
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
