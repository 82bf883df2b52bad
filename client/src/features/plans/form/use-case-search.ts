import { useObservableCallback, useSubscription } from 'observable-hooks';
import type { TreeExpandedKeysType } from 'primereact/tree';
import { useEffect, useMemo, useState } from 'react';
import { debounceTime } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { NO_LABELS, type LabelFilter } from '../../../components/list/filter-values.ts';
import { planApi, type CaseSearch } from '../../../entities/plan/plan-api.ts';
import { openedAtFirst, pickerNodes } from './case-picker.ts';

/** The picker's search waits for a pause in typing (§9: tree search 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The case picker's tree and what narrows it: the search (as typed, and as asked once typing
 * pauses), the labels, Show Archived, and which suites are open. The tree follows the project's
 * suites and cases; a new narrowing opens it afresh once its answer comes.
 */
export function useCaseSearch(projectId: number, picked: ReadonlySet<number>) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<LabelFilter>(NO_LABELS);
  const [archived, setArchived] = useState(false);
  const [type, typed$] = useObservableCallback<string>((typed) => typed.pipe(debounceTime(SEARCH_DEBOUNCE_MS)));
  useSubscription(typed$, setSearch);
  const query: CaseSearch = { projectId, search, labels, archived };
  const found = useLiveQuery(query, (q) => changesOf(topics.suites(q.projectId)), planApi.searchCases);
  const nodes = useMemo(() => pickerNodes(found.data ?? []), [found.data]);
  const filtering = search.trim() !== '' || labels.labels.length + labels.notLabels.length > 0;
  const [expanded, setExpanded] = useState<TreeExpandedKeysType | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search, label filter or archive switch opens the tree afresh
  useEffect(() => setExpanded(null), [search, JSON.stringify(labels), archived]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree opens once per search, when its answer comes, not on every pick
  useEffect(() => {
    if (expanded === null && found.data && !found.stale) setExpanded(openedAtFirst(nodes, filtering, picked));
  }, [expanded, found.data, found.stale]);
  return {
    nodes,
    loading: found.data === null || found.stale,
    filtering,
    text,
    onType: (typed: string) => {
      setText(typed);
      type(typed);
    },
    labels,
    setLabels,
    archived,
    setArchived,
    expanded: expanded ?? {},
    setExpanded,
  };
}
