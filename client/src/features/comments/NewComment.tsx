import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { commentApi, type CommentModel } from './comment-api.ts';
import { CommentEditor } from './CommentEditor.tsx';
import './comments.css';

/** The box that adds a comment to an object (§5: text or a file); the thread follows the project's comments topic. */
export function NewComment({
  model,
  objectId,
  projectId,
  onAdded,
}: {
  model: CommentModel;
  objectId: number;
  projectId: number;
  onAdded?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CommentEditor
      projectId={projectId}
      submitLabel={t('comments.add')}
      needsText={false}
      send={(body) => commentApi.create(model, objectId, body)}
      onSent={() => {
        onAdded?.();
        announceChange(topics.comments(projectId));
        notify({ severity: 'success', summary: t('comments.added') });
      }}
    />
  );
}
