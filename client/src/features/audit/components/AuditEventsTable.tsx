import type { AuditEvent } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEVER } from 'rxjs';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { formatDate, formatTime } from '../../../i18n/dates.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { userProfilePath } from '../../../entities/user/activity-user.ts';
import { auditApi } from '../audit-api.ts';
import { auditObjectPath } from '../audit-links.ts';
import { auditObjectName, auditSummary } from '../audit-summary.ts';
import { AuditDiff } from './AuditDiff.tsx';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast';

const ACTION_SEVERITY: Record<AuditEvent['action'], Severity> = {
  created: 'success',
  changed: 'info',
  moved: 'info',
  archived: 'warning',
  restored: 'success',
  deleted: 'danger',
  recovered: 'success',
  removed: 'danger',
  result_added: 'success',
  result_changed: 'info',
  result_deleted: 'danger',
  assigned: 'info',
  members_changed: 'info',
  signed_in: 'secondary',
  signed_out: 'secondary',
  other: 'secondary',
};

function Actor({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const reader = useSignedInUser();
  if (!event.actor) return <span className="audit__system">{t('audit.system')}</span>;
  const profile = userProfilePath(event.actor.username, reader);
  const name = profile ? <Link to={profile}>{event.actor.username}</Link> : <span>{event.actor.username}</span>;
  if (event.token === null) return name;
  return (
    <>
      {name} <small className="muted">{t('audit.viaToken', { id: event.token })}</small>
    </>
  );
}

function AuditObject({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const reader = useSignedInUser();
  const path = auditObjectPath(event, reader);
  const name = auditObjectName(t, event.object) || `#${event.object.id}`;
  return (
    <span className="audit__object">
      <span className="audit__object-type">{t(`audit.objectTypes.${event.object.type}`, { defaultValue: event.object.type })}</span>
      {path ? <Link to={path}>{name}</Link> : <span>{name}</span>}
    </span>
  );
}

/** How many events a bulk job's row stands for (0 for any other row). */
const groupSizeOf = (event: AuditEvent) => event.group?.events ?? 0;

function Summary({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation();
  const grouped = groupSizeOf(event);
  return (
    <span className="audit__summary">
      {auditSummary(t, i18n.language, event)}
      {grouped > 0 && <Tag className="audit__group-size" value={t('audit.groupSize', { count: grouped })} severity="secondary" />}
    </span>
  );
}

function ActionTag({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(`audit.actions.${event.action}`, { defaultValue: event.action })}
      severity={ACTION_SEVERITY[event.action] ?? 'secondary'}
    />
  );
}

/** The time of day, or (`withDay`) the day above it. */
function When({ event, withDay }: { event: AuditEvent; withDay: boolean }) {
  const { i18n } = useTranslation();
  const time = formatTime(event.time, i18n.language);
  return (
    <time dateTime={event.time} className={withDay ? 'audit__when' : undefined}>
      {withDay ? (
        <>
          <span>{formatDate(event.time, i18n.language)}</span> <span>{time}</span>
        </>
      ) : (
        time
      )}
    </time>
  );
}

/** Where the events a bulk job's row stands for are read: the list's project (null: the whole system) and the head it was anchored at. */
export interface AuditGroupScope {
  projectId: number | null;
  head: number;
}

interface AuditEventsTableProps {
  events: readonly AuditEvent[];
  /** The table's accessible name. */
  label: string;
  /**
   * Rows of one object's history (in a drawer, say) leave the object out, give the day with the time, and say the action with what
   * happened.
   */
  oneObject?: boolean;
  /** For a list that shows each bulk job as one row: where that row's events are read when it opens. */
  groups?: AuditGroupScope;
}

/** A bulk job's events come this many at a time under its row. */
const GROUP_PAGE = 50;

/**
 * The events a bulk job's row stands for, under it once opened: oldest first, a page at a time,
 * as the trail held them when the list was read (its anchor), so paging never shifts.
 */
function AuditGroupEvents({ event, scope }: { event: AuditEvent; scope: AuditGroupScope }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = {
    projectId: scope.projectId,
    correlationId: event.correlation_id,
    after: event.position,
    head: scope.head,
    page,
    page_size: GROUP_PAGE,
  };
  const answer = useLiveQuery(query, () => NEVER, auditApi.groupEvents);
  const found = answer.data;
  return (
    <section className="audit__group" aria-label={t('audit.groupEvents')}>
      <div className="audit__progress">{(found === null || answer.stale) && <ProgressBar mode="indeterminate" />}</div>
      {found && <AuditEventsTable events={found.results} label={t('audit.groupEvents')} />}
      {found && found.count > GROUP_PAGE && (
        <Paginator
          first={(page - 1) * GROUP_PAGE}
          rows={GROUP_PAGE}
          totalRecords={found.count}
          onPageChange={(change) => setPage(change.page + 1)}
        />
      )}
    </section>
  );
}

/** What opening a row shows: the fields it changed, and a bulk job's events (when the list can read them). */
function RowDetails({ event, groups }: { event: AuditEvent; groups: AuditGroupScope | undefined }) {
  const grouped = groups !== undefined && groupSizeOf(event) > 0;
  return (
    <>
      {(event.changes.length > 0 || !grouped) && <AuditDiff changes={event.changes} />}
      {grouped && <AuditGroupEvents event={event} scope={groups} />}
    </>
  );
}

/** The row's expand control, only where there is something to open: changed fields or a bulk job's events. */
function Expander({
  event,
  open,
  groups,
  onToggle,
}: {
  event: AuditEvent;
  open: boolean;
  groups: AuditGroupScope | undefined;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const grouped = groups !== undefined ? groupSizeOf(event) : 0;
  if (event.changes.length === 0 && grouped === 0) return null;
  const label =
    grouped > 0
      ? open
        ? t('audit.hideGroup')
        : t('audit.showGroup', { count: grouped })
      : t(open ? 'audit.hideChanges' : 'audit.showChanges');
  return (
    <Button
      type="button"
      icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
      text
      rounded
      size="small"
      aria-expanded={open}
      aria-label={label}
      onClick={onToggle}
    />
  );
}

/**
 * Events as rows: time, user, action, object and what happened; a row with changed fields opens to its diff, a bulk job's row to its
 * events.
 */
export function AuditEventsTable({ events, label, oneObject = false, groups }: AuditEventsTableProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const toggle = (event: AuditEvent) =>
    setExpanded((current) => {
      const next = { ...current };
      if (next[event.position]) delete next[event.position];
      else next[event.position] = true;
      return next;
    });
  return (
    <DataTable
      value={[...events]}
      dataKey="position"
      size="small"
      expandedRows={expanded}
      rowExpansionTemplate={(event: AuditEvent) => <RowDetails event={event} groups={groups} />}
      pt={{ table: { 'aria-label': label } }}
      className="audit__table"
    >
      <Column
        className="audit__toggle"
        body={(event: AuditEvent) => (
          <Expander event={event} open={Boolean(expanded[event.position])} groups={groups} onToggle={() => toggle(event)} />
        )}
      />
      <Column
        header={t('audit.columns.time')}
        className="audit__time"
        body={(event: AuditEvent) => <When event={event} withDay={oneObject} />}
      />
      <Column header={t('audit.columns.actor')} body={(event: AuditEvent) => <Actor event={event} />} />
      {!oneObject && <Column header={t('audit.columns.action')} body={(event: AuditEvent) => <ActionTag event={event} />} />}
      {!oneObject && <Column header={t('audit.columns.object')} body={(event: AuditEvent) => <AuditObject event={event} />} />}
      <Column
        header={t('audit.columns.summary')}
        body={(event: AuditEvent) =>
          oneObject ? (
            <span className="audit__happened">
              <ActionTag event={event} />
              <Summary event={event} />
            </span>
          ) : (
            <Summary event={event} />
          )
        }
      />
    </DataTable>
  );
}
