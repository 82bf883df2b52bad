import type { AuditChange } from '@testament/contracts';
import { relatedObjects, type AuditRowDocument } from './audit-projection.ts';

/** A value as a sentence shows it: short, quoted text; `nothing` for none. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const listed = (changes: readonly AuditChange[]) =>
  changes.map((change) => `the ${change.field.replace(/_/g, ' ')} from ${shown(change.before)} to ${shown(change.after)}`).join(', ');

/** What a summary reads of a row. */
export const SUMMARIZED_FIELDS = ['type', 'objectType', 'objectId', 'objectName', 'objectKeys', 'action', 'changes'] as const;
export type SummarizedRow = Pick<AuditRowDocument, (typeof SUMMARIZED_FIELDS)[number]>;

/** The row in one English sentence ("changed the name from "A" to "B""); screens build their own from the same fields. */
export function auditSummary(row: SummarizedRow): string {
  const kind = row.objectType.replace(/_/g, ' ');
  const named = row.objectName ? ` "${row.objectName}"` : ` ${row.objectId}`;
  const related = relatedObjects(row);
  const resultId = related.find((ref) => ref.type === 'result')?.id;
  const resultChanges = row.changes
    .filter((change) => change.field.startsWith('result.'))
    .map((change) => ({ ...change, field: change.field.slice('result.'.length) }));
  switch (row.action) {
    case 'created':
      return `created the ${kind}${named}`;
    case 'changed':
      return row.changes.length > 0 ? `changed ${listed(row.changes)}` : `changed the ${kind}${named} (${row.type})`;
    case 'moved':
      return `moved the ${kind}${named}${row.changes.length > 0 ? `: ${listed(row.changes)}` : ''}`;
    case 'archived':
    case 'restored':
    case 'deleted':
    case 'recovered':
    case 'removed':
      return `${row.action} the ${kind}${named}${related.length > 0 ? ` and ${related.length} inside it` : ''}`;
    case 'result_added':
      return (
        `added result ${shown(resultChanges.find((change) => change.field === 'status')?.after).replace(/"/g, '')} ` +
        `to test ${row.objectId}`
      );
    case 'result_changed':
      return `changed result ${resultId} of test ${row.objectId}${resultChanges.length > 0 ? `: ${listed(resultChanges)}` : ''}`;
    case 'result_deleted':
      return `deleted result ${resultId} of test ${row.objectId}`;
    case 'assigned':
      return `assigned test ${row.objectId} to ${shown(row.changes.find((change) => change.field === 'assignee')?.after)}`;
    case 'members_changed':
      return `set the roles of user ${related[0]?.id ?? ''} in the project${named}`;
    case 'signed_in':
      return 'signed in';
    case 'signed_out':
      return 'signed out';
    case 'other':
      return `${row.type} on the ${kind}${named}`;
  }
}
