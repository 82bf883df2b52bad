import { Navigate, useParams } from 'react-router';

/** The old administration address of a project tab (§2 route table): on to the tab. */
export function LegacyProjectTab() {
  const { projectId, tab } = useParams();
  return <Navigate to={`/projects/${projectId}/${tab}`} replace />;
}
