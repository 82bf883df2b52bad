import type { CaseBulkUpdateBody } from '@testament/contracts';
import type { TFunction } from 'i18next';
import type { Observable } from 'rxjs';
import { announceChange, topics } from '../../../app/changes.ts';
import { notify } from '../../../app/toasts.ts';

/** What a bulk dialog changes on every selected case: its suite, or its labels. */
export type BulkChange = Pick<CaseBulkUpdateBody, 'suite' | 'labels' | 'labels_action'>;

/** What a view selected for a bulk action: how many cases, and how to change them all. */
export interface BulkTarget {
  count: number;
  send(change: BulkChange): Observable<unknown>;
}

/** After a bulk change: the lists and the tree refetch, and after labels the project's labels (some may be new); the toast says what happened (§8). */
export function bulkChanged(t: TFunction, projectId: number, message: 'moved' | 'labelsChanged'): void {
  announceChange(topics.suites(projectId), ...(message === 'labelsChanged' ? [topics.project(projectId)] : []));
  notify({ severity: 'success', summary: t(`caseList.bulk.${message}`) });
}
