import { useState } from 'react';

/**
 * State that falls back to its initial value whenever `key` changes: the page
 * and the selection of a list belong to one filter (§4: changing a filter
 * resets the page to 1).
 */
export function useResettingState<T>(initial: T, key: string): [T, (next: T) => void] {
  const [state, setState] = useState({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  return [value, (next: T) => setState({ key, value: next })];
}
