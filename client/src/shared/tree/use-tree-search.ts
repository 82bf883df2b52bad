import { useObservableCallback, useSubscription } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { debounceTime } from 'rxjs';
import { TREE_SEARCH, keepingTreeSearch } from './suite-paths.ts';

/** The tree search waits for a pause in typing (§9: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The tree search, kept in the address as `treeSearch` (§2). The box shows every keystroke; the
 * address, and so the tree, follows after a pause, replacing the history entry rather than adding
 * one per keystroke. An empty box takes the parameter away.
 */
export function useTreeSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get(TREE_SEARCH) ?? '';
  const [text, setText] = useState(search);
  /** The search this box last put in the address: any other one came from elsewhere (back, a link). */
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);
  const [type, typed$] = useObservableCallback<string>((text$) => text$.pipe(debounceTime(SEARCH_DEBOUNCE_MS)));
  useSubscription(typed$, (typed) => {
    const next = typed.trim() ? typed : '';
    if (next === written.current) return;
    written.current = next;
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        if (next) kept.set(TREE_SEARCH, next);
        else kept.delete(TREE_SEARCH);
        return kept;
      },
      { replace: true },
    );
  });
  return {
    /** What the tree is filtered by. */
    search,
    /** What the box shows. */
    text,
    onType: (value: string) => {
      setText(value);
      type(value);
    },
  };
}

/** Turns a suites address into one that keeps the current tree search (going to another suite or tab keeps the filtered tree). */
export function useKeptTreeSearch(): (path: string) => string {
  const [params] = useSearchParams();
  return (path) => keepingTreeSearch(path, params.get(TREE_SEARCH) ?? '');
}
