import { formatEstimate, type Case, type CaseContent, type CaseDetail } from '@testament/contracts';
import type { AttachmentDocument } from '@testament/projections/attachments/attachments-projection';
import type { CaseDocument } from '@testament/projections/cases/queries';
import type { LabelDocument } from '@testament/projections/labels/labels-projection';
import type { SuiteTree } from '@testament/projections/suites/queries';
import { attachmentsNamed } from './attachments.ts';

/** What cases need to be shown: their project's suite tree and labels, the files they name, and the server's origin for links. */
export interface CaseShowing {
  tree: SuiteTree;
  labels: ReadonlyMap<number, LabelDocument>;
  files: ReadonlyMap<number, AttachmentDocument>;
  origin: string;
}

/** The files a version names, its own and its steps'. */
export const filesOf = (content: Pick<CaseContent, 'attachmentIds' | 'steps'>): number[] => [
  ...content.attachmentIds,
  ...content.steps.flatMap((step) => step.attachmentIds),
];

/** The parts of a case's wire object that depend on the version shown: its content and archive flag. */
export interface ShownVersion {
  content: CaseContent;
  isArchive: boolean;
  /** Display version. */
  version: number;
}

export const latestShown = (found: CaseDocument): ShownVersion => ({
  content: found,
  isArchive: found.isArchive,
  version: found.history.length,
});

/** A case's labels as the wire shows them, in the case's order (a deleted label drops out). */
export function labelsOf(labelIds: readonly number[], labels: ReadonlyMap<number, LabelDocument>) {
  return labelIds.flatMap((labelId) => {
    const label = labels.get(labelId);
    return label ? [{ id: label._id, name: label.name, color: label.color }] : [];
  });
}

/** The Case object of §3.3 for one version (retrieve). */
export function caseDetailRepresentation(found: CaseDocument, shown: ShownVersion, showing: CaseShowing): CaseDetail {
  const { content } = shown;
  const { tree, labels, origin } = showing;
  const versions = found.history.map((_, index) => found.history.length - index);
  return {
    id: found._id,
    name: content.name,
    description: content.description,
    project: found.projectId,
    suite: { id: content.suiteId, name: tree.node(content.suiteId)?.name ?? '' },
    setup: content.setup,
    scenario: content.scenario,
    expected: content.expected,
    teardown: content.teardown,
    estimate: formatEstimate(content.estimate),
    is_steps: content.isSteps,
    is_archive: shown.isArchive,
    attributes: content.attributes,
    attachments: attachmentsNamed(content.attachmentIds, showing.files, origin),
    url: `${origin}/api/v2/cases/${found._id}/`,
    steps: content.steps.map((step) => ({
      id: step.id,
      name: step.name,
      scenario: step.scenario,
      expected: step.expected,
      sort_order: step.sortOrder,
      attachments: attachmentsNamed(step.attachmentIds, showing.files, origin),
    })),
    labels: labelsOf(content.labelIds, labels),
    versions,
    // The version shown, as TestY answers it: an old one (`?ver=`) is how its app knows to offer Restore.
    current_version: shown.version,
    source_archived: found.isArchive,
  };
}

/** The Case object of §3.3 lists: the latest version, with its creation time and suite path. */
export function caseRepresentation(found: CaseDocument, showing: CaseShowing): Case {
  return {
    ...caseDetailRepresentation(found, latestShown(found), showing),
    created_at: found.createdAt,
    suite_path: showing.tree.suitePath(found.suiteId),
  };
}

/** A stored case's latest content as a command's input: its steps with their ids, its labels by id and name. */
export function storedCaseContent(found: CaseDocument, labels: ReadonlyMap<number, LabelDocument>) {
  const { name, suiteId, description, setup, scenario, expected, teardown, estimate, isSteps, attributes, steps } = found;
  const named = labelsOf(found.labelIds, labels).map(({ id, name: labelName }) => ({ id, name: labelName }));
  return { name, suiteId, description, setup, scenario, expected, teardown, estimate, isSteps, attributes, steps, labels: named };
}

/**
 * The same for a new copy: new steps, labels by name in another project (where
 * missing ones are made), and the copies of its files (`fileCopies`: original id to copy's id).
 */
export function copiedCaseContent(
  found: CaseDocument,
  labels: ReadonlyMap<number, LabelDocument>,
  sameProject: boolean,
  fileCopies: ReadonlyMap<number, number>,
) {
  const content = storedCaseContent(found, labels);
  const copied = (attachmentIds: readonly number[]) => attachmentIds.flatMap((attachmentId) => fileCopies.get(attachmentId) ?? []);
  return {
    ...content,
    attachmentIds: copied(found.attachmentIds),
    steps: content.steps.map(({ id: _id, ...step }) => ({ ...step, attachmentIds: copied(step.attachmentIds) })),
    labels: sameProject ? content.labels : content.labels.map(({ name }) => ({ name })),
  };
}
