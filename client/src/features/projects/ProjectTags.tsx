import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../entities/project/project.ts';

export function ProjectTags({ project }: { project: Project }) {
  const { t } = useTranslation();
  return (
    <span className="project-tags">
      {project.is_archive && <Tag value={t('projects.archived')} severity="warning" icon="pi pi-box" />}
      {project.is_private && <Tag value={t('projects.private')} severity="secondary" icon="pi pi-lock" />}
    </span>
  );
}
