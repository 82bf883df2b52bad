import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { AuditTrail } from './components/AuditTrail.tsx';

/** /projects/{id}/audit: the project's audit trail, for those with its `view_audit` permission. */
export function ProjectAuditTab() {
  const project = useOutletContext<Project>();
  return <AuditTrail key={project.id} projectId={project.id} />;
}
