import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteButton } from '../../projects/FavoriteButton.tsx';
import { ProjectCounters } from '../../projects/ProjectCounters.tsx';
import { ProjectIcon } from '../../projects/ProjectIcon.tsx';
import { ProjectMenu, canEditProject } from '../../projects/ProjectMenu.tsx';
import { ProjectTags } from '../../projects/ProjectTags.tsx';
import type { Project } from '../../projects/project.ts';
import type { ProjectDialogKind } from '../../projects/use-project-dialogs.tsx';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';

/** Long text collapses after 3 lines or 300 characters (§1, §9). */
const isLong = (text: string) => text.length > 300 || text.split('\n').length > 3;

/** §2 Project page: icon, name, archived marker, edit, star, menu, collapsible description, counters. */
export function ProjectHeader({ project, onAction }: { project: Project; onAction(kind: ProjectDialogKind, project: Project): void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [expanded, setExpanded] = useState(false);
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
            <Button icon="pi pi-pencil" label={t('projects.actions.edit')} outlined size="small" onClick={() => onAction('edit', project)} />
          )}
          <FavoriteButton projectId={project.id} projectName={project.name} />
          <ProjectMenu project={project} onAction={onAction} withEdit={false} />
        </div>
      </div>
      {project.description && (
        <div className={`project-header__description${expanded ? ' is-expanded' : ''}`}>
          <p id="project-description">{project.description}</p>
          {isLong(project.description) && (
            <Button
              text
              size="small"
              icon={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
              label={t(expanded ? 'projectPage.showLess' : 'projectPage.showMore')}
              aria-expanded={expanded}
              aria-controls="project-description"
              onClick={() => setExpanded(!expanded)}
            />
          )}
        </div>
      )}
      <ProjectCounters project={project} withLinks />
    </header>
  );
}
