import { useOutletContext } from 'react-router';
import type { Project } from '../projects/project.ts';
import { SettingsSummary } from './components/SettingsSummary.tsx';

export function ProjectOverviewTab() {
  const project = useOutletContext<Project>();
  return (
    <div className="project-overview">
      <SettingsSummary project={project} />
    </div>
  );
}
