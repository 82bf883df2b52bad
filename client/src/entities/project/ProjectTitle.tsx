import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { projectApi } from './project-api.ts';
import { projectChanges } from './project-changes.ts';

/** The project's name, live, with a tag while it is archived: the heading of a workspace's tree bar. */
export function ProjectTitle({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const project = useLiveQuery(projectId, projectChanges, projectApi.get).data;
  return (
    <>
      <span>{project?.name}</span>
      {project?.is_archive && <Tag value={t('projects.archived')} severity="warning" icon="pi pi-box" />}
    </>
  );
}
