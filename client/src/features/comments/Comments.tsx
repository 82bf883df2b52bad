import { Paginator } from 'primereact/paginator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { commentApi, THREAD_PAGE_SIZE, type CommentModel } from './comment-api.ts';
import { CommentItem } from './CommentItem.tsx';
import { NewComment } from './NewComment.tsx';
import './comments.css';

interface CommentsProps {
  model: CommentModel;
  objectId: number;
  projectId: number;
  /** How many comments the thread has, for a tab's title. */
  onCount?: (count: number) => void;
}

/** An object's comments, newest first, 5 a page, kept current for everyone (§3.7); and the box to add one. */
export function Comments({ model, objectId, projectId, onCount }: CommentsProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const thread = useLiveQuery(
    { model, object_id: objectId, page, page_size: THREAD_PAGE_SIZE },
    () => changesOf(topics.comments(projectId)),
    commentApi.thread,
  ).data;
  const count = thread?.count;
  useEffect(() => {
    if (count !== undefined) onCount?.(count);
  }, [count, onCount]);

  return (
    <section className="comments" aria-label={t('comments.title')}>
      <NewComment model={model} objectId={objectId} projectId={projectId} onAdded={() => setPage(1)} />
      {thread && thread.results.length === 0 && <p className="comments__empty">{t('comments.empty')}</p>}
      {thread?.results.map((comment) => (
        <CommentItem key={comment.id} comment={comment} projectId={projectId} />
      ))}
      {thread && thread.count > THREAD_PAGE_SIZE && (
        <Paginator
          first={(thread.pages.current - 1) * THREAD_PAGE_SIZE}
          rows={THREAD_PAGE_SIZE}
          totalRecords={thread.count}
          onPageChange={(event) => setPage(event.page + 1)}
        />
      )}
    </section>
  );
}
