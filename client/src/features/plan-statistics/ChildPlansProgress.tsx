import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressMeter } from '../../components/charts/ProgressMeter.tsx';
import { formatChartNumber } from '../../components/charts/chart-options.ts';
import { useKeptTreeSearch } from '../../shared/tree/use-tree-search.ts';
import { progressOf, type ProgressMeasure } from '../../entities/plan/plan-api.ts';
import { planPaths } from '../../entities/plan/plan-paths.ts';
import { statisticsApi, type StatisticsScope } from './statistics-api.ts';
import type { EstimatePeriod } from './statistics-settings.ts';
import { useStatistics } from './statistics-streams.ts';

const MEASURES: readonly ProgressMeasure[] = ['value', 'estimates'];

interface ChildPlansProgressProps {
  scope: StatisticsScope;
  period: EstimatePeriod;
  archived: boolean;
}

/** The Child segment (cases-and-plans §2): each direct child plan's tested share of its subtree, in tests or in estimates. */
export function ChildPlansProgress({ scope, period, archived }: ChildPlansProgressProps) {
  const { t, i18n } = useTranslation();
  const keepSearch = useKeptTreeSearch();
  const [measure, setMeasure] = useState<ProgressMeasure>('value');
  const children = useStatistics({ ...scope, period, archived }, statisticsApi.childPlans).data;
  const measures = MEASURES.map((value) => ({
    value,
    label: t(value === 'value' ? 'planStatistics.child.count' : 'planStatistics.child.estimates'),
  }));
  const amount = (value: number) => {
    const number = formatChartNumber(value, i18n.language);
    return measure === 'estimates' ? t(`planStatistics.pie.units.${period}`, { value: number }) : number;
  };
  return (
    <section className="plan-statistics__card" aria-label={t('planStatistics.child.title')}>
      <header className="plan-statistics__card-header">
        <h3>{t('planStatistics.child.title')}</h3>
        <SelectButton
          value={measure}
          options={measures}
          allowEmpty={false}
          onChange={(event) => setMeasure(event.value as ProgressMeasure)}
          aria-label={t('planStatistics.child.measure')}
        />
      </header>
      {!children ? (
        <Skeleton height="8rem" />
      ) : children.length === 0 ? (
        <p className="plan-statistics__empty">{t('planStatistics.child.none')}</p>
      ) : (
        <ul className="plan-statistics__children">
          {children.map((child) => {
            const { tested, total } = progressOf(child.slices, measure);
            return (
              <li key={child.id}>
                <Link to={keepSearch(planPaths.plan(scope.projectId, child.id))}>{child.title}</Link>
                <ProgressMeter done={tested} total={total} label={t('planStatistics.child.progress', { name: child.title })} />
                <span className="plan-statistics__figures">
                  {t('planStatistics.child.tested', { tested: amount(tested), all: amount(total) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
