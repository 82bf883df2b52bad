import type { AuditVerification } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../app/use-action.ts';
import { AUDIT_FORBIDDEN, auditApi, type AuditAnswer } from '../audit-api.ts';
import type { AuditExportFormat, AuditView } from '../audit-view.ts';

const EXPORTS: ReadonlyArray<{ format: AuditExportFormat; label: string }> = [
  { format: 'ndjson', label: 'audit.exportNdjson' },
  { format: 'csv', label: 'audit.exportCsv' },
];

/** An export is a file the server sends as an attachment: a link the browser downloads, with the page's filters. */
function ExportLink({ href, label }: { href: string; label: string }) {
  return (
    <a className="p-button p-component p-button-outlined audit__export" href={href} download>
      <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden />
      <span className="p-button-label">{label}</span>
    </a>
  );
}

/** What the verification found: every link holds (with what it checked), or where the first one breaks. */
export function VerificationResult({ result, onClose }: { result: AuditAnswer<AuditVerification>; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  let text: string;
  if (result === AUDIT_FORBIDDEN) text = t('audit.forbidden');
  else if (result.ok || !result.first_break) {
    text = t('audit.verified', {
      events: number(result.events_checked),
      streams: number(result.streams_checked),
      ms: number(Math.round(result.took_ms)),
      head: result.head,
    });
  } else text = t('audit.broken', { ...result.first_break });
  const ok = result !== AUDIT_FORBIDDEN && result.ok;
  return (
    <Message
      className="audit__verification"
      severity={ok ? 'success' : 'error'}
      content={
        <span className="audit__verification-text">
          <span role="status">{text}</span>
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            size="small"
            severity="secondary"
            aria-label={t('audit.closeVerification')}
            onClick={onClose}
          />
        </span>
      }
    />
  );
}

/** Verify: re-hashes the project's streams (or every stream); what it found shows until closed or verified again. */
export function useVerification(projectId: number | null) {
  const [shown, setShown] = useState<AuditAnswer<AuditVerification> | null>(null);
  const [verify, state] = useAction(
    () => auditApi.verify(projectId),
    (outcome) => setShown(outcome.state === 'done' ? outcome.result : null),
  );
  return {
    running: state.state === 'running',
    shown,
    verify: () => {
      setShown(null);
      verify(undefined);
    },
    close: () => setShown(null),
  };
}

/** Export of what the filters select (NDJSON, CSV), and Verify. */
export function AuditTools({
  view,
  projectId,
  verification,
}: {
  view: AuditView;
  projectId: number | null;
  verification: ReturnType<typeof useVerification>;
}) {
  const { t } = useTranslation();
  return (
    <div className="audit__tools">
      {EXPORTS.map(({ format, label }) => (
        <ExportLink key={format} href={auditApi.exportUrl(view, projectId, format)} label={t(label)} />
      ))}
      <Button type="button" label={t('audit.verify')} icon="pi pi-verified" loading={verification.running} onClick={verification.verify} />
    </div>
  );
}
