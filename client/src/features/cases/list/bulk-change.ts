import type { Case, CaseBulkUpdateBody } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { BulkOutcome } from '../../bulk-jobs/index.ts';

/** What a bulk dialog changes on every selected case: its suite, or its labels. */
export type BulkChange = Pick<CaseBulkUpdateBody, 'suite' | 'labels' | 'labels_action'>;

/** What a view selected for a bulk action: how many cases, and how to change them all, at once or in the background. */
export interface BulkTarget {
  count: number;
  send(change: BulkChange): Observable<BulkOutcome<Case>>;
}
