import type { ActivityItem } from '@testament/contracts';
import { Avatar } from 'primereact/avatar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDay, formatTime } from '../../../i18n/dates.ts';
import { seededName } from '../../../i18n/seeded-names.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { useVisibleColor } from '../../../theme/visible-color.ts';
import { ColorDot } from '../../../shared/color/ColorField.tsx';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { trailOf } from '../../../shared/tree/TreeBreadcrumbs.tsx';
import type { ActivityDay } from '../activity-days.ts';
import { userProfilePath } from '../../../entities/user/activity-user.ts';
import type { ActivityAction } from '../activity-view.ts';

const ACTION_LOOK: Record<ActivityAction, { severity: 'success' | 'info' | 'danger'; icon: string }> = {
  added: { severity: 'success', icon: 'pi pi-plus' },
  updated: { severity: 'info', icon: 'pi pi-pencil' },
  deleted: { severity: 'danger', icon: 'pi pi-trash' },
};

/** The test opens in its drawer on the plan's page (tests-and-results §2 `?test=`). */
function TestLink({ item, projectId, planId }: { item: ActivityItem; projectId: number; planId: number }) {
  const keepSearch = useKeptTreeSearch();
  return <Link to={keepSearch(planPaths.test(projectId, planId, item.test_id))}>{item.test_name}</Link>;
}

/** The test's plan and those above it, each a link to its plan. */
function PlanCrumbs({ item, projectId }: { item: ActivityItem; projectId: number }) {
  const { t } = useTranslation();
  const keepSearch = useKeptTreeSearch();
  return (
    <nav aria-label={t('planActivity.planPath')}>
      <ol className="plan-activity__crumbs">
        {trailOf(item.breadcrumbs).map((crumb) => (
          <li key={crumb.id}>
            <Link to={keepSearch(planPaths.plan(projectId, crumb.id))}>{crumb.title}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ActionTag({ action }: { action: ActivityAction }) {
  const { t } = useTranslation();
  return <Tag value={t(`planActivity.actions.${action}`)} {...ACTION_LOOK[action]} />;
}

/** The status as it was then, in its colour, tinted over the surface so its name reads in either theme. */
function StatusAtTheTime({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const visible = useVisibleColor();
  return (
    <span className="plan-activity__status" style={{ '--status-color': visible(item.status_color) } as CSSProperties}>
      <ColorDot color={item.status_color} />
      {seededName(t, 'status', item.status_text)}
    </span>
  );
}

function Author({ item }: { item: ActivityItem }) {
  const reader = useSignedInUser();
  const profile = userProfilePath(item.username, reader);
  return (
    <span className="plan-activity__user">
      <Avatar
        image={item.avatar_link || undefined}
        label={item.avatar_link ? undefined : item.username.slice(0, 1).toUpperCase()}
        shape="circle"
      />
      {profile ? <Link to={profile}>{item.username}</Link> : <span>{item.username}</span>}
    </span>
  );
}

/** One day's records under the day's header: time, test, plan path, action, status and user (cases-and-plans §2). */
export function ActivityDayTable({ day, projectId, planId }: { day: ActivityDay; projectId: number; planId: number }) {
  const { t, i18n } = useTranslation();
  const title = formatFullDay(day.day, i18n.language);
  return (
    <section className="plan-activity__day">
      <h2>{title}</h2>
      <DataTable value={day.items} size="small" stripedRows pt={{ table: { 'aria-label': t('planActivity.day', { day: title }) } }}>
        <Column
          header={t('planActivity.columns.time')}
          className="plan-activity__time"
          body={(item: ActivityItem) => <time dateTime={item.action_timestamp}>{formatTime(item.action_timestamp, i18n.language)}</time>}
        />
        <Column
          header={t('planActivity.columns.test')}
          body={(item: ActivityItem) => <TestLink item={item} projectId={projectId} planId={planId} />}
        />
        <Column header={t('planActivity.columns.plan')} body={(item: ActivityItem) => <PlanCrumbs item={item} projectId={projectId} />} />
        <Column header={t('planActivity.columns.action')} body={(item: ActivityItem) => <ActionTag action={item.action} />} />
        <Column header={t('planActivity.columns.status')} body={(item: ActivityItem) => <StatusAtTheTime item={item} />} />
        <Column header={t('planActivity.columns.user')} body={(item: ActivityItem) => <Author item={item} />} />
      </DataTable>
    </section>
  );
}
