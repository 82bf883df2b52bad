import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { CommentItem, NewComment } from '../../comments/index.ts';
import { ResultActions, type ResultActionsProps, ResultItem } from '../../results/index.ts';
import { testDrawerApi, type ActivityQuery, type Test } from './test-drawer-api.ts';
import { useScrollToTarget, type HashTarget } from './use-hash-target.ts';

export type Ordering = ActivityQuery['ordering'];

interface ActivityListProps {
  projectId: number;
  test: Test;
  query: ActivityQuery;
  onOrdering(ordering: Ordering): void;
  emptyText: string;
  /** The box to add a comment, on the tabs that show comments. */
  withComposer: boolean;
  target: HashTarget | null;
  resultActions: ResultActionsProps;
}

/**
 * One tab of the test's thread (`results-union/`): the total, the order, and
 * the items, more on request; kept current as results, tests and comments
 * change. An item named by the address is loaded, scrolled to and marked.
 */
export function ActivityList({ projectId, test, query, onOrdering, emptyText, withComposer, target, resultActions }: ActivityListProps) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const list = useLiveQuery(
    { testId: test.id, query, pages },
    () => merge(changesOf(topics.plans(projectId)), changesOf(topics.comments(projectId))),
    (asked) => testDrawerApi.activity(asked.testId, asked.query, asked.pages),
  ).data;
  const items = list?.results ?? [];
  const more = list !== null && items.length < list.count;
  const targetShown = target !== null && items.some((item) => item.type === target.kind && item.id === target.id);
  useEffect(() => {
    if (target && list && !targetShown && more) setPages((loaded) => loaded + 1);
  }, [target, list, targetShown, more]);
  useScrollToTarget(target, targetShown);
  const newestFirst = query.ordering === '-created_at';
  const isTarget = (kind: HashTarget['kind'], id: number) => target?.kind === kind && target.id === id;

  return (
    <div className="activity-list">
      {withComposer && <NewComment model="test" objectId={test.id} projectId={projectId} />}
      <div className="activity-list__toolbar">
        <span className="activity-list__total">{list ? t('testDrawer.total', { count: list.count }) : ''}</span>
        <Button
          type="button"
          text
          size="small"
          icon={newestFirst ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up'}
          label={t(newestFirst ? 'testDrawer.newestFirst' : 'testDrawer.oldestFirst')}
          onClick={() => onOrdering(newestFirst ? 'created_at' : '-created_at')}
        />
      </div>
      {list && items.length === 0 && <p className="activity-list__empty">{emptyText}</p>}
      {items.map((item) =>
        item.type === 'result' ? (
          <ResultItem
            key={`result-${item.id}`}
            result={item}
            highlighted={isTarget('result', item.id)}
            actions={<ResultActions result={item} {...resultActions} />}
          />
        ) : (
          <CommentItem key={`comment-${item.id}`} comment={item} projectId={projectId} highlighted={isTarget('comment', item.id)} />
        ),
      )}
      {more && <Button type="button" label={t('common.showMore')} text size="small" onClick={() => setPages(pages + 1)} />}
    </div>
  );
}
