import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import {
  FavoriteButton,
  ProjectCounters,
  ProjectIcon,
  ProjectMenu,
  canEditProject,
  ProjectTags,
  type ProjectDialogKind,
} from '../../projects/index.ts';
import type { Project } from '../../../entities/project/project.ts';
import { Markdown } from '../../../components/Markdown.tsx';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';

/** §2 Project page: icon, name, archived marker, edit, star, menu, collapsible description, counters. */
export function ProjectHeader({ project, onAction }: { project: Project; onAction(kind: ProjectDialogKind, project: Project): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <header className="project-header">
      <div className="project-header__top">
        <ProjectIcon project={project} size="xlarge" />
        <div className="project-header__title">
          <h1>{project.name}</h1>
          <ProjectTags project={project} />
        </div>
        <div className="project-header__actions">
          {canEditProject(project, user.is_superuser) && (
            <Button
              icon="pi pi-pencil"
              label={t('projects.actions.edit')}
              outlined
              size="small"
              onClick={() => onAction('edit', project)}
            />
          )}
          <FavoriteButton projectId={project.id} projectName={project.name} />
          <ProjectMenu project={project} onAction={onAction} withEdit={false} />
        </div>
      </div>
      {project.description && <Markdown text={project.description} className="project-header__description" />}
      <ProjectCounters project={project} withLinks />
    </header>
  );
}
