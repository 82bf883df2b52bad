import type { Attachment, CaseDetail } from '@testament/contracts';
import { aCaseWithSteps } from './result-fixtures.ts';

type CaseStep = CaseDetail['steps'][number];

/** For component tests: a file by its id. */
export const aFile = (id: number): Attachment => ({ id, filename: `f${id}.png` }) as Attachment;

/** For component tests: a step whose scenario follows its name unless given. */
export const aStep = (id: number, name: string, changes: Partial<CaseStep> = {}): CaseStep => ({
  id,
  name,
  scenario: `Do ${name}`,
  expected: '',
  sort_order: 1,
  attachments: [],
  ...changes,
});

/** For component tests: case 7 with three steps, a label, a file and an attribute, as the server answers one. */
export const aCase = (changes: Partial<CaseDetail> = {}): CaseDetail =>
  aCaseWithSteps({
    name: 'Log in',
    description: 'About it',
    attributes: { Severity: 'high' },
    attachments: [aFile(1)],
    steps: [aStep(1, 'Open'), aStep(2, 'Type'), aStep(3, 'Submit')],
    labels: [{ id: 1, name: 'smoke', color: null }],
    versions: [1],
    current_version: 1,
    ...changes,
  });
