import { useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/services.ts';
import { useUrlFilter } from '../../components/list/use-url-filter.ts';
import { AsOfBanner, AsOfPicker } from '../audit/index.ts';
import { useAsOf } from '../../shared/as-of/as-of.ts';
import { testConditions, testFilterCodec } from '../../entities/test/test-filter.ts';
import { ChildPlansProgress } from './ChildPlansProgress.tsx';
import { StatusPies } from './StatusPies.tsx';
import { TestsHistogram } from './TestsHistogram.tsx';
import { SEGMENTS, settingsPatch, shownSegment, statisticsSettings, type Segment } from './statistics-settings.ts';
import { STATISTICS_DEBOUNCE_MS, useSettled } from './statistics-streams.ts';
import './plan-statistics.css';

/**
 * The plan statistics area (cases-and-plans §2) above a plan's tests, or the
 * project's (`planId` null): Pie, Bar and Child segments over the tests the
 * table shows, through the same filter from the page's address, asked for
 * once it has stood still for a second, and live as results come. A plan can
 * be shown as of a past time (`as_of` in the address): its status pies then,
 * under a banner, not refreshed.
 * Memoised: the plan page draws again as the plan, the trail and the actions come; the charts need not.
 */
export const PlanStatistics = memo(function PlanStatistics({ projectId, planId }: { projectId: number; planId: number | null }) {
  const { t } = useTranslation();
  const config = useObservableState(session.config$, session.config$.value);
  const settings = statisticsSettings(config, planId);
  const open = settings.open;
  const [filter] = useUrlFilter(testFilterCodec);
  const conditions = useSettled(testConditions(filter), STATISTICS_DEBOUNCE_MS);
  const [pickedAsOf, setAsOf] = useAsOf();
  const asOf = planId === null ? null : pickedAsOf;
  const scope = { projectId, planId, conditions, asOf };
  const segment = shownSegment(settings, asOf);
  const segments = SEGMENTS.map((value) => ({ value, label: t(`planStatistics.segments.${value}`) }));

  return (
    <section className={`plan-statistics${open ? '' : ' plan-statistics--closed'}`} aria-labelledby="plan-statistics-title">
      <header className="plan-statistics__header">
        <h2 id="plan-statistics-title">{t('planStatistics.title')}</h2>
        {planId !== null && <AsOfPicker asOf={asOf} onPick={setAsOf} />}
        {open && !asOf && (
          <SelectButton
            value={settings.segment}
            options={segments}
            allowEmpty={false}
            onChange={(event) => session.changeConfig(settingsPatch.segment(event.value as Segment))}
            aria-label={t('planStatistics.segments.label')}
          />
        )}
        <Button
          className="plan-statistics__toggle"
          icon={open ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
          text
          rounded
          aria-expanded={open}
          aria-label={t(open ? 'planStatistics.collapse' : 'planStatistics.expand')}
          onClick={() => session.changeConfig(settingsPatch.open(!open))}
        />
      </header>
      {asOf && <AsOfBanner asOf={asOf} onNow={() => setAsOf(null)} />}
      {open && segment === 'pie' && (
        <StatusPies scope={scope} period={settings.period} onPeriod={(period) => session.changeConfig(settingsPatch.period(period))} />
      )}
      {open && segment === 'bar' && (
        <TestsHistogram
          scope={scope}
          settings={settings}
          onRange={(range) => session.changeConfig(settingsPatch.range(planId, range))}
          onBucketing={(bucketing) => session.changeConfig(settingsPatch.bucketing(bucketing))}
          onAttribute={(attribute) => session.changeConfig(settingsPatch.attribute(attribute))}
        />
      )}
      {open && segment === 'child' && <ChildPlansProgress scope={scope} period={settings.period} archived={filter.showArchived} />}
    </section>
  );
});
