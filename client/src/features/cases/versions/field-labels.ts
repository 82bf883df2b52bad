import type { DiffField } from './version-diff.ts';

/** The text key naming each field of a case where versions are compared or merged. */
export const CASE_FIELD_LABELS: Record<DiffField | 'stepOrder', string> = {
  name: 'caseForm.fields.name',
  suite: 'caseForm.fields.suite',
  is_archive: 'caseVersions.archived',
  description: 'caseForm.fields.description',
  setup: 'caseForm.fields.setup',
  is_steps: 'caseVersions.usesSteps',
  scenario: 'caseForm.fields.scenario',
  expected: 'caseForm.fields.expected',
  steps: 'caseForm.steps.title',
  stepOrder: 'caseVersions.stepOrder',
  teardown: 'caseForm.fields.teardown',
  estimate: 'caseForm.fields.estimate',
  labels: 'caseForm.fields.labels',
  attributes: 'caseForm.fields.attributes',
  attachments: 'caseForm.tabs.attachments',
};
