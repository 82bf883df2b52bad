import { Avatar } from 'primereact/avatar';
import { projectInitials, type Project } from '../../entities/project/project.ts';

export function ProjectIcon({
  project,
  size = 'large',
}: {
  project: Pick<Project, 'name' | 'icon'>;
  size?: 'normal' | 'large' | 'xlarge';
}) {
  if (project.icon) return <Avatar image={project.icon} size={size} shape="square" className="project-icon" imageAlt="" />;
  const initials = projectInitials(project.name);
  return (
    <Avatar
      label={initials}
      size={size}
      shape="square"
      className={`project-icon project-icon--initials project-icon--letters-${initials.length}`}
    />
  );
}
