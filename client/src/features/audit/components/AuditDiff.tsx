import type { AuditChange } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditFieldLabel, auditValueText, truncated } from '../audit-summary.ts';

/** A value longer than this shows its start; the whole value is its tooltip. */
const VALUE_CHARS = 160;

function Value({ t, field, value }: { t: TFunction; field: string; value: unknown }) {
  const text = auditValueText(t, field, value);
  if (text === null) return <span className="audit-diff__none">{t('audit.emptyValue')}</span>;
  const shown = truncated(text, VALUE_CHARS);
  return (
    <code className="audit-diff__value" title={shown === text ? undefined : text}>
      {shown}
    </code>
  );
}

/** What an event changed: a small table of field, before and after. */
export function AuditDiff({ changes }: { changes: readonly AuditChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="audit-diff__empty">{t('audit.noChanges')}</p>;
  return (
    <table className="audit-diff" aria-label={t('audit.diff')}>
      <thead>
        <tr>
          <th scope="col">{t('audit.diffColumns.field')}</th>
          <th scope="col">{t('audit.diffColumns.before')}</th>
          <th scope="col">{t('audit.diffColumns.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{auditFieldLabel(t, change.field)}</th>
            <td>
              <Value t={t} field={change.field} value={change.before} />
            </td>
            <td>
              <Value t={t} field={change.field} value={change.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
