import type { CustomAttribute } from '@testament/contracts';
import { forkJoin, map, of, switchMap, type Observable } from 'rxjs';
import { caseApi, type CaseDetail, type EditedCase } from './case-api.ts';
import { caseFormDefaults, type CaseFormValues } from './case-form.ts';
import { mergeCase, type CaseMerge, type SavedVersion } from './case-merge.ts';

/** The most versions saved since the form's that are read to tell who changed what; a change made before them is told as the earliest's. */
const READ_VERSIONS = 20;

/** A save refused because the case moved on: its current version (to save against) and the merge with it. */
export interface Conflict {
  current: EditedCase;
  merge: CaseMerge;
}

/**
 * What a refused save (409) needs: the case's current version and the versions
 * saved since `base`, the one the form started from, each with who saved it and
 * when, merged with the form's values.
 */
export function loadConflict(base: CaseDetail, mine: CaseFormValues, attributes: readonly CustomAttribute[]): Observable<Conflict> {
  return caseApi.current(base.id).pipe(
    switchMap((current) => {
      const latest = current.found.current_version;
      const first = Math.max(base.current_version + 1, latest - READ_VERSIONS);
      const between = Array.from({ length: Math.max(0, latest - first) }, (_, index) => first + index);
      return forkJoin({
        // Newest first: the rows of the versions from `first` on.
        history: caseApi.history(base.id, 1, latest - Math.min(first, latest) + 1),
        versions: between.length === 0 ? of([]) : forkJoin(between.map((version) => caseApi.get(base.id, version))),
      }).pipe(
        map(({ history, versions }) => {
          const saved = [...versions, current.found].map((found, index): SavedVersion => {
            const version = between[index] ?? latest;
            const row = history.results.find((each) => each.version === version);
            return {
              version,
              username: row?.user?.username ?? null,
              date: row?.history_date ?? '',
              values: caseFormDefaults(found, null, attributes),
            };
          });
          return { current, merge: mergeCase(caseFormDefaults(base, null, attributes), mine, saved) };
        }),
      );
    }),
  );
}
