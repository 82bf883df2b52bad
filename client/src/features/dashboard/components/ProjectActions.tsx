import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { FavoriteButton, ProjectMenu, type ProjectDialogKind } from '../../projects/index.ts';
import type { Project } from '../../../entities/project/project.ts';

/** A row's or card's actions: star and menu, or the access request for a project the user cannot see. */
export function ProjectActions({ project, onAction }: { project: Project; onAction(kind: ProjectDialogKind, project: Project): void }) {
  const { t } = useTranslation();
  if (!project.is_visible) {
    return (
      <Button
        className="request-access"
        icon="pi pi-key"
        label={t('projects.access.action')}
        size="small"
        outlined
        onClick={() => onAction('request-access', project)}
      />
    );
  }
  return (
    <span className="project-actions">
      <FavoriteButton projectId={project.id} projectName={project.name} />
      <ProjectMenu project={project} onAction={onAction} />
    </span>
  );
}
