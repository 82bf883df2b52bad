import { Avatar } from 'primereact/avatar';
import { projectInitials, type Project } from './project.ts';

export function ProjectIcon({ project, size = 'large' }: { project: Pick<Project, 'name' | 'icon'>; size?: 'normal' | 'large' | 'xlarge' }) {
  return project.icon ? (
    <Avatar image={project.icon} size={size} shape="square" className="project-icon" imageAlt="" />
  ) : (
    <Avatar label={projectInitials(project.name)} size={size} shape="square" className="project-icon project-icon--initials" />
  );
}
