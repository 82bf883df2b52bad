import {
  caseRoutes,
  type CaseDetail,
  type Paginated,
  type PreviewRow,
  type caseHistoryResponse,
  type caseUpdateBody,
} from '@testament/contracts';
import type { z } from 'zod';
import { map, type Observable } from 'rxjs';
import { api } from '../../../app/services.ts';

export type { CaseDetail } from '@testament/contracts';
export type CaseHistoryRow = z.output<typeof caseHistoryResponse>;

/** What the form sends; the update adds `skip_history` for "Update current version" (§4). */
export type CaseBody = z.input<typeof caseUpdateBody>;

/** A case's current version as an edit starts from it, with that version's ETag, which the save sends back as `If-Match`. */
export interface EditedCase {
  found: CaseDetail;
  etag: string | null;
}

const edited = (answer$: Observable<{ body: CaseDetail; headers: Headers }>): Observable<EditedCase> =>
  answer$.pipe(map(({ body, headers }) => ({ found: body, etag: headers.get('ETag') })));

const cases = api.endpoints(caseRoutes);

/** The case calls of §7 the form and the drawer make. Forms show a 400's fields themselves. */
export const caseApi = {
  get: (caseId: number, version?: number): Observable<CaseDetail> => cases.retrieve({ id: caseId, query: { ver: version } }),
  /** For a view that stays open: a case deleted meanwhile leaves it as it was instead of showing the missing page. */
  watch: (caseId: number, version: number | null): Observable<CaseDetail> =>
    cases.retrieve({ id: caseId, query: { ver: version } }, { handles: [404] }),
  /** The current version, to edit. */
  current: (caseId: number): Observable<EditedCase> => edited(cases.retrieve.answer({ id: caseId })),
  create: (body: CaseBody): Observable<CaseDetail> => cases.create({ body }, { handles: [403] }),
  /** Saved only while the case is still at the version `etag` names: a 409 when someone saved another since. */
  update: (caseId: number, body: CaseBody, etag: string | null): Observable<EditedCase> =>
    edited(
      cases.replace.answer(
        { id: caseId, body },
        {
          headers: etag === null ? {} : { 'If-Match': etag },
          handles: [403, 409],
        },
      ),
    ),
  remove: (caseId: number): Observable<void> => cases.destroy({ id: caseId }, { handles: [400, 403] }),
  deletePreview: (caseId: number): Observable<PreviewRow[]> => cases.deletePreview({ id: caseId }),
  archivePreview: (caseId: number): Observable<PreviewRow[]> => cases.archivePreview({ id: caseId }),
  archive: (caseId: number): Observable<CaseDetail> => cases.archive({ id: caseId }, { handles: [400, 403] }),
  unarchive: (caseId: number): Observable<unknown> => cases.unarchive({ body: { instance_ids: [caseId] } }, { handles: [400, 403] }),
  restoreVersion: (caseId: number, version: number): Observable<CaseDetail> =>
    cases.restoreVersion({ id: caseId, body: { version } }, { handles: [400, 403] }),
  copy: (caseId: number, newName: string, suiteId: number): Observable<CaseDetail[]> =>
    cases.copy({ body: { cases: [{ id: caseId, new_name: newName }], dst_suite_id: suiteId } }, { handles: [403] }),
  history: (caseId: number, page: number, pageSize: number): Observable<Paginated<CaseHistoryRow>> =>
    cases.history({ id: caseId, query: { page, page_size: pageSize } }, { handles: [404] }),
};
