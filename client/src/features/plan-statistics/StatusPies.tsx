import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Donut } from '../../components/charts/Donut.tsx';
import { formatChartNumber } from '../../components/charts/chart-options.ts';
import { StatisticsBar, type StatisticsItem } from '../../components/charts/StatisticsBar.tsx';
import { seededSliceLabel } from '../../i18n/seeded-names.ts';
import type { ProgressMeasure } from '../../entities/plan/plan-api.ts';
import { statisticsApi, type StatisticsScope } from './statistics-api.ts';
import { sliceItems, unestimated } from './statistics-figures.ts';
import { ESTIMATE_PERIODS, type EstimatePeriod } from './statistics-settings.ts';
import { useStatistics } from './statistics-streams.ts';

/** The donut beside its legend, small enough that the pies leave a plan's tests on the first screen. */
const DONUT_HEIGHT = 180;

interface StatusPiesProps {
  scope: StatisticsScope;
  period: EstimatePeriod;
  onPeriod(period: EstimatePeriod): void;
}

/** The Pie segment (cases-and-plans §2): the tests by last status, counted and by their estimates in the chosen unit. */
export function StatusPies({ scope, period, onPeriod }: StatusPiesProps) {
  const { t } = useTranslation();
  const slices = useStatistics({ ...scope, period }, statisticsApi.slices).data;
  const items = useMemo(() => {
    const labelOf = (label: string) => seededSliceLabel(t, label);
    const of = (measure: ProgressMeasure) => (slices ? sliceItems(slices, measure, labelOf) : []);
    return { count: of('value'), estimates: of('estimates') };
  }, [slices, t]);
  if (!slices) return <Skeleton height="20rem" />;
  const missing = unestimated(slices);
  const periods = ESTIMATE_PERIODS.map((value) => ({ value, label: t(`planStatistics.pie.periods.${value}`) }));
  return (
    <div className="plan-statistics__pies">
      <SlicesCard title={t('planStatistics.pie.count')} items={items.count} empty={t('planStatistics.pie.noTests')} />
      <SlicesCard
        title={t('planStatistics.pie.estimates')}
        items={items.estimates}
        unit={period}
        empty={t('planStatistics.pie.noEstimates')}
        tools={
          <SelectButton
            value={period}
            options={periods}
            allowEmpty={false}
            onChange={(event) => onPeriod(event.value as EstimatePeriod)}
            aria-label={t('planStatistics.pie.period')}
          />
        }
        note={missing.all > 0 ? t('planStatistics.pie.unestimated', missing) : null}
      />
    </div>
  );
}

/** How a value reads: the number in the reader's language, with the estimate unit when there is one. */
function useValueFormat(unit: EstimatePeriod | undefined): (value: number) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (value: number) => {
      const number = formatChartNumber(value, i18n.language);
      return unit ? t(`planStatistics.pie.units.${unit}`, { value: number }) : number;
    },
    [unit, t, i18n.language],
  );
}

interface SlicesCardProps {
  title: string;
  items: StatisticsItem[];
  unit?: EstimatePeriod;
  /** What shows instead of the chart when everything is zero. */
  empty: string;
  tools?: ReactNode;
  note?: string | null;
}

function SlicesCard({ title, items, unit, empty, tools, note }: SlicesCardProps) {
  const { t } = useTranslation();
  const format = useValueFormat(unit);
  const total = items.reduce((sum, item) => sum + item.value, 0);
  return (
    <section className="plan-statistics__card" aria-label={title}>
      <header className="plan-statistics__card-header">
        <h3>{title}</h3>
        {tools}
      </header>
      {total === 0 ? (
        <p className="plan-statistics__empty">{empty}</p>
      ) : (
        <div className="plan-statistics__slices">
          <Donut
            parts={items}
            centreLabel={t('planStatistics.pie.total')}
            centreValue={format(total)}
            label={title}
            height={DONUT_HEIGHT}
            format={format}
          />
          <StatisticsBar items={items.map((item) => ({ ...item, shownValue: format(item.value) }))} label={title} />
        </div>
      )}
      {note && <p className="plan-statistics__note">{note}</p>}
    </section>
  );
}
