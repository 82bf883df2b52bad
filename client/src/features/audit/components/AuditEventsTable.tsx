import type { AuditEvent } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTime } from '../../../i18n/dates.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { userProfilePath } from '../../plan-activity/activity-user.ts';
import { auditObjectPath } from '../audit-links.ts';
import { auditSummary } from '../audit-summary.ts';
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
  return profile ? <Link to={profile}>{event.actor.username}</Link> : <span>{event.actor.username}</span>;
}

function AuditObject({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const reader = useSignedInUser();
  const path = auditObjectPath(event, reader);
  const name = event.object.name || `#${event.object.id}`;
  return (
    <span className="audit__object">
      <span className="audit__object-type">{t(`audit.objectTypes.${event.object.type}`, { defaultValue: event.object.type })}</span>
      {path ? <Link to={path}>{name}</Link> : <span>{name}</span>}
    </span>
  );
}

function Summary({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation();
  return <span className="audit__summary">{auditSummary(t, i18n.language, event)}</span>;
}

function ActionTag({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  return <Tag value={t(`audit.actions.${event.action}`, { defaultValue: event.action })} severity={ACTION_SEVERITY[event.action] ?? 'secondary'} />;
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

interface AuditEventsTableProps {
  events: readonly AuditEvent[];
  /** The table's accessible name. */
  label: string;
  /** Rows of one object's history (in a drawer, say) leave the object out, give the day with the time, and say the action with what happened. */
  oneObject?: boolean;
}

/** Events as rows: time, user, action, object and what happened; a row with changed fields opens to its diff. */
export function AuditEventsTable({ events, label, oneObject = false }: AuditEventsTableProps) {
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
      rowExpansionTemplate={(event: AuditEvent) => <AuditDiff changes={event.changes} />}
      pt={{ table: { 'aria-label': label } }}
      className="audit__table"
    >
      <Column
        className="audit__toggle"
        body={(event: AuditEvent) =>
          event.changes.length > 0 && (
            <Button
              type="button"
              icon={expanded[event.position] ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              text
              rounded
              size="small"
              aria-expanded={Boolean(expanded[event.position])}
              aria-label={t(expanded[event.position] ? 'audit.hideChanges' : 'audit.showChanges')}
              onClick={() => toggle(event)}
            />
          )
        }
      />
      <Column header={t('audit.columns.time')} className="audit__time" body={(event: AuditEvent) => <When event={event} withDay={oneObject} />} />
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
