import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Case } from '@testament/contracts';
import { formatDateTime } from '../../../i18n/dates.ts';

/** Labels shown in a row before the rest is cut to '...' (§3 columns). */
const SHOWN_LABELS = 3;

type Row = Pick<Case, 'id' | 'name' | 'is_archive' | 'labels'>;

/** The case's name; it opens the case drawer by `?test_case=`, keeping the rest of the page's query. */
export function CaseNameLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set('test_case', String(row.id));
  return (
    <span className="case-list__name">
      <Link to={{ search: next.toString() }}>{row.name}</Link>
      {row.is_archive && <Tag value={t('caseList.archived')} severity="secondary" />}
    </span>
  );
}

export function CaseLabels({ row }: { row: Row }) {
  return (
    <span className="case-list__labels">
      {row.labels.slice(0, SHOWN_LABELS).map((label) => (
        <Tag key={label.id} value={label.name} className="label-tag" />
      ))}
      {row.labels.length > SHOWN_LABELS && <span title={row.labels.slice(SHOWN_LABELS).map((label) => label.name).join(', ')}>...</span>}
    </span>
  );
}

export function CreatedAt({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <>{formatDateTime(at, i18n.language)}</>;
}
