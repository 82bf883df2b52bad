import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.tsx';
import { ProjectCounters, ProjectIcon, ProjectName, ProjectTags, type ProjectDialogKind } from '../../projects/index.ts';
import type { Project } from '../../../entities/project/project.ts';
import { ProjectActions } from './ProjectActions.tsx';

export function ProjectCard({ project, onAction }: { project: Project; onAction(kind: ProjectDialogKind, project: Project): void }) {
  const { t } = useTranslation();
  const hidden = !project.is_visible;
  return (
    <Card
      className={`project-card${hidden ? ' project-card--hidden' : ''}`}
      data-testid="project-card"
      aria-label={project.name}
      {...(hidden ? { 'data-pr-tooltip': t('server.cannotViewProject') } : {})}
    >
      <div className="project-card__head">
        <div className="project-card__identity">
          <ProjectIcon project={project} />
          <div className="project-card__title">
            <ProjectName project={project} />
            <ProjectTags project={project} />
          </div>
        </div>
        <ProjectActions project={project} onAction={onAction} />
      </div>
      <Markdown compact text={project.description || t('projects.noDescription')} className="project-card__description" />
      <ProjectCounters project={project} />
    </Card>
  );
}
