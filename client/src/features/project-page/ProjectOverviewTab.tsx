import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { AssignedToMeCard } from './components/AssignedToMeCard.tsx';
import { MembersCard } from './components/MembersCard.tsx';
import { ProgressCard } from './components/ProgressCard.tsx';
import { RecentActivityCard } from './components/RecentActivityCard.tsx';
import { SettingsSummary } from './components/SettingsSummary.tsx';
import { StatusesCard } from './components/StatusesCard.tsx';

/**
 * §2 Overview tab: settings and people beside the statuses; the executed tests, the last days' results and the reader's assignments below.
 */
export function ProjectOverviewTab() {
  const project = useOutletContext<Project>();
  return (
    <div className="project-overview">
      <SettingsSummary project={project} />
      <MembersCard project={project} />
      <StatusesCard project={project} />
      <ProgressCard project={project} />
      <RecentActivityCard project={project} />
      <AssignedToMeCard project={project} />
    </div>
  );
}
