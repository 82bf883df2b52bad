import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import type { Plan } from '../../../entities/plan/plan-api.ts';

/** The plan's start, due and finish dates under its title (tests-and-results §2 Plan page). */
export function PlanDatesLine({ plan }: { plan: Pick<Plan, 'started_at' | 'due_date' | 'finished_at'> }) {
  const { t, i18n } = useTranslation();
  const dates = [
    { key: 'startedAt', value: plan.started_at },
    { key: 'dueDate', value: plan.due_date },
    { key: 'finishedAt', value: plan.finished_at },
  ] as const;
  return (
    <dl className="plan-page__dates">
      {dates.map(({ key, value }) => (
        <div key={key}>
          <dt>{t(`plans.page.${key}`)}</dt>
          <dd>{value ? formatDate(value, i18n.language) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
