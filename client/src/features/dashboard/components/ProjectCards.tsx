import { ProgressSpinner } from 'primereact/progressspinner';
import { Tooltip } from 'primereact/tooltip';
import type { Project } from '../../../entities/project/project.ts';
import type { ProjectDialogKind } from '../../projects/index.ts';
import { ProjectCard } from './ProjectCard.tsx';
import { useWhenVisible } from './use-when-visible.ts';

interface ProjectCardsProps {
  projects: Project[];
  hasMore: boolean;
  onLoadMore(): void;
  onAction(kind: ProjectDialogKind, project: Project): void;
}

/** Cards with infinite scroll: reaching the end asks for the next page. */
export function ProjectCards({ projects, hasMore, onLoadMore, onAction }: ProjectCardsProps) {
  const sentinel = useWhenVisible<HTMLDivElement>(onLoadMore, hasMore, projects.length);
  return (
    <>
      <div className="project-cards">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} onAction={onAction} />
        ))}
      </div>
      <Tooltip target=".project-card--hidden" position="top" />
      {hasMore && (
        <div ref={sentinel} className="project-cards__more">
          <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" />
        </div>
      )}
    </>
  );
}
