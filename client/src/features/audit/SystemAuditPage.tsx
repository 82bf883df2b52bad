import { AuditTrail } from './components/AuditTrail.tsx';

/** /administration/audit: the audit trail of the whole system, for superusers. */
export function SystemAuditPage() {
  return <AuditTrail projectId={null} />;
}
