import { useObservableCallback, useSubscription } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { debounceTime } from 'rxjs';

/** A text filter asks the server once typing pauses this long (§9: column search 300 ms). */
export const TEXT_FILTER_DEBOUNCE_MS = 300;

/**
 * A filter's text box: it shows every key at once and hands the text on once
 * typing pauses, or when the box goes away first (the drawer closed right
 * after typing). A value from outside (Clear, a saved filter) replaces the
 * text shown unless typing is still to be handed on; spaces the filter trims
 * away stay in the box.
 */
export function useDebouncedText(value: string, onSettle: (text: string) => void): [string, (text: string) => void] {
  const [draft, setDraft] = useState<{ text: string; pending: boolean } | null>(null);
  const latest = useRef({ draft, onSettle });
  latest.current = { draft, onSettle };
  const [onType, settled$] = useObservableCallback<string>((typed$) => typed$.pipe(debounceTime(TEXT_FILTER_DEBOUNCE_MS)));
  useSubscription(settled$, (text) => {
    setDraft({ text, pending: false });
    onSettle(text);
  });
  useEffect(
    () => () => {
      const { draft: last, onSettle: settle } = latest.current;
      if (last?.pending) settle(last.text);
    },
    [],
  );
  const shown = draft && (draft.pending || draft.text.trim() === value.trim()) ? draft.text : value;
  const type = (text: string) => {
    setDraft({ text, pending: true });
    onType(text);
  };
  return [shown, type];
}
