import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { notify } from '../../app/toasts.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { AttachmentList } from '../attachments/index.ts';
import { commentApi, type Comment } from './comment-api.ts';
import { CommentEditor } from './CommentEditor.tsx';

/**
 * One comment: who and when, edited or deleted, its text and files; its author may edit or delete it while it stands (§4, §6).
 * `highlighted`: the address names it (`#comment-N`).
 */
export function CommentItem({ comment, projectId, highlighted = false }: { comment: Comment; projectId: number; highlighted?: boolean }) {
  const { t, i18n } = useTranslation();
  const me = useSignedInUser();
  const [editing, setEditing] = useState(false);
  const deleted = comment.deleted_at !== null;
  const mine = comment.user.id === me.id && !deleted;
  const changed = () => announceChange(topics.comments(projectId));
  const remove = () =>
    confirmRemoval(t, {
      header: t('comments.deleteTitle'),
      message: t('comments.deleteQuestion'),
      remove: () => commentApi.remove(comment.id),
      onRemoved: changed,
      doneMessage: t('comments.deleted'),
    });
  return (
    <article
      id={`comment-${comment.id}`}
      className={`comment${deleted ? ' is-deleted' : ''}${highlighted ? ' is-highlighted' : ''}`}
      aria-label={t('comments.by', { name: comment.user.username })}
    >
      <header className="comment__header">
        <Avatar
          image={comment.user.avatar_link || undefined}
          label={comment.user.avatar_link ? undefined : comment.user.username.slice(0, 1).toUpperCase()}
          shape="circle"
        />
        <strong>{comment.user.username}</strong>
        <time dateTime={comment.created_at}>{formatDateTime(comment.created_at, i18n.language)}</time>
        {comment.updated_at !== comment.created_at && !deleted && <span className="comment__edited">{t('comments.edited')}</span>}
        {deleted && <Tag value={t('comments.deletedMarker')} severity="secondary" />}
        {mine && !editing && (
          <span className="comment__actions">
            <Button
              icon="pi pi-pencil"
              text
              rounded
              size="small"
              severity="secondary"
              aria-label={t('comments.edit')}
              onClick={() => setEditing(true)}
            />
            <Button icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t('comments.delete')} onClick={remove} />
          </span>
        )}
      </header>
      {editing ? (
        <CommentEditor
          projectId={projectId}
          initial={comment}
          submitLabel={t('common.save')}
          needsText
          send={(body) => commentApi.update(comment.id, body)}
          onSent={() => {
            setEditing(false);
            changed();
            notify({ severity: 'success', summary: t('comments.saved') });
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {deleted ? <p className="comment__text">{comment.content}</p> : <Markdown text={comment.content} className="comment__text" />}
          <AttachmentList files={comment.attachments} />
        </>
      )}
    </article>
  );
}
