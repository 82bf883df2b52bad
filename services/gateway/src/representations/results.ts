import type { Result } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import { findStatusesByIds } from '@testament/projections/statuses/queries';
import { storedUsersByIds } from '@testament/projections/users/queries';
import type { AttachmentDocument } from '@testament/projections/attachments/attachments-projection';
import type { ResultDocument } from '@testament/projections/tests/queries';
import type { StatusDocument } from '@testament/projections/statuses/statuses-projection';
import type { StoredUserDocument } from '@testament/projections/users/user-document';
import { attachmentsNamed } from './attachments.ts';
import { avatarLink } from './users.ts';

/** What results need to be shown: their statuses (deleted ones too: K13), authors and files. */
export interface ResultShowing {
  statuses: Map<number, StatusDocument>;
  users: Map<number, StoredUserDocument>;
  files: Map<number, AttachmentDocument>;
  origin: string;
}

export async function resultShowing(readStore: ReadStore, results: readonly ResultDocument[], origin: string): Promise<ResultShowing> {
  const statusIds = [...new Set(results.flatMap((result) => [result.status, ...result.stepResults.map((step) => step.status)]))];
  const [statuses, users, files] = await Promise.all([
    findStatusesByIds(readStore, statusIds),
    storedUsersByIds(
      readStore,
      results.flatMap((result) => (result.userId === null ? [] : [result.userId])),
    ),
    attachmentsByIds(
      readStore,
      results.flatMap((result) => result.attachmentIds),
    ),
  ]);
  return {
    statuses: new Map(statuses.map((status) => [status._id, status])),
    users,
    files: new Map(files.map((file) => [file._id, file])),
    origin,
  };
}

/** The Result object of §3.6; `latest` (lists and retrieve) says whether it is its test's newest. */
export function resultRepresentation(result: ResultDocument, showing: ResultShowing, testArchived: boolean): Omit<Result, 'latest'> {
  const status = showing.statuses.get(result.status);
  const user = result.userId === null ? undefined : showing.users.get(result.userId);
  return {
    id: result._id,
    project: result.projectId,
    test: result.testId,
    status: result.status,
    status_text: status?.name ?? '',
    status_color: status?.color ?? '',
    user: result.userId,
    user_full_name: user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '',
    avatar_link: user ? avatarLink(user, showing.origin) : '',
    comment: result.comment,
    // A result is archived with its test (§4.13).
    is_archive: result.isArchive || testArchived,
    test_case_version: result.caseVersion,
    created_at: result.createdAt,
    updated_at: result.updatedAt,
    url: `${showing.origin}/api/v2/results/${result._id}/`,
    execution_time: result.executionTime,
    attachments: attachmentsNamed(result.attachmentIds, showing.files, showing.origin),
    attributes: result.attributes,
    steps_results: result.stepResults.map((step) => {
      const stepStatus = showing.statuses.get(step.status);
      return {
        id: step.id,
        step: step.stepId,
        name: step.name,
        status: step.status,
        status_text: stepStatus?.name ?? '',
        status_color: stepStatus?.color ?? '',
        sort_order: step.sortOrder,
      };
    }),
  };
}
