import { Link } from 'react-router';
import type { Project } from '../../entities/project/project.ts';

/** Opens the project, unless the user cannot see it (§2 Dashboard). */
export function ProjectName({ project }: { project: Project }) {
  return project.is_visible ? (
    <Link to={`/projects/${project.id}/overview`} className="project-name">
      {project.name}
    </Link>
  ) : (
    <span className="project-name project-name--hidden">{project.name}</span>
  );
}
