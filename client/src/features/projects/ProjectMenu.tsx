import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import type { Project } from '../../entities/project/project.ts';
import type { ProjectDialogKind } from './use-project-dialogs.tsx';

/** May the user open the edit form? Manageable, and not archived unless an administrator (§6). */
export function canEditProject(project: Project, isSuperuser: boolean): boolean {
  return project.is_manageable && (!project.is_archive || isSuperuser);
}

interface ProjectMenuProps {
  project: Project;
  onAction(kind: ProjectDialogKind, project: Project): void;
  /** The project header has its own edit button. */
  withEdit?: boolean;
}

/** The context menu: Edit, Archive (only while active), Delete. */
export function ProjectMenu({ project, onAction, withEdit = true }: ProjectMenuProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const menu = useRef<Menu>(null);
  if (!project.is_manageable) return null;
  const items: MenuItem[] = [
    ...(withEdit && canEditProject(project, user.is_superuser)
      ? [{ label: t('projects.actions.edit'), icon: 'pi pi-pencil', command: () => onAction('edit', project) }]
      : []),
    ...(!project.is_archive
      ? [{ label: t('projects.actions.archive'), icon: 'pi pi-box', command: () => onAction('archive', project) }]
      : []),
    {
      label: t('projects.actions.delete'),
      icon: 'pi pi-trash',
      className: 'menu-item--danger',
      command: () => onAction('delete', project),
    },
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} />
      <Button
        icon="pi pi-ellipsis-v"
        text
        rounded
        severity="secondary"
        aria-label={t('projects.actions.menu', { name: project.name })}
        aria-haspopup
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
