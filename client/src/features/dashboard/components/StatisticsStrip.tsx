import { useObservable, useObservableState } from 'observable-hooks';
import { useTranslation } from 'react-i18next';
import { EMPTY, catchError, startWith, switchMap } from 'rxjs';
import { projectApi } from '../../../entities/project/project-api.ts';
import { projectListChanges } from '../../../entities/project/project-changes.ts';
import type { Statistics } from '../../../entities/project/project.ts';

const TOTALS = [
  'projects_count',
  'suites_count',
  'cases_count',
  'plans_count',
  'tests_count',
] as const satisfies readonly (keyof Statistics)[];

/** Totals over the user's visible, active projects (§3.17), kept current; absent when the server has none. */
export function StatisticsStrip() {
  const { t } = useTranslation();
  const statistics$ = useObservable(() =>
    projectListChanges().pipe(
      startWith(undefined),
      switchMap(() => projectApi.statistics()),
      // A server without statistics answers 404: stop asking rather than ask on every change.
      catchError(() => EMPTY),
    ),
  );
  const statistics = useObservableState(statistics$, null);
  if (!statistics) return null;
  return (
    <dl className="statistics-strip">
      {TOTALS.map((total) => (
        <div key={total} className="statistics-strip__item">
          <dt>{t(`dashboard.totals.${total}`)}</dt>
          <dd>{statistics[total]}</dd>
        </div>
      ))}
    </dl>
  );
}
