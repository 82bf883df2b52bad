import { useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useRef } from 'react';
import { catchError, exhaustMap, map, of, share, startWith, type Observable } from 'rxjs';

export type ActionState<R> = { state: 'idle' } | { state: 'running' } | { state: 'done'; result: R } | { state: 'failed'; error: unknown };
export type ActionOutcome<R> = Extract<ActionState<R>, { state: 'done' | 'failed' }>;

/**
 * A user action (submit, confirm, send) as a stream: clicks while it runs are
 * ignored, its state drives the button, and `onOutcome` hears how it ended.
 * The outcome stream is shared, so the request is sent once however many listen.
 */
export function useAction<I, R>(
  run: (input: I) => Observable<R>,
  onOutcome: (outcome: ActionOutcome<R>) => void,
): [(input: I) => void, ActionState<R>] {
  // The stream is built once; the latest `run` sees the latest props.
  const latestRun = useRef(run);
  latestRun.current = run;
  const [trigger, states$] = useObservableCallback<ActionState<R>, I>((inputs$) =>
    inputs$.pipe(
      exhaustMap((input) =>
        latestRun.current(input).pipe(
          map((result): ActionState<R> => ({ state: 'done', result })),
          catchError((error: unknown) => of<ActionState<R>>({ state: 'failed', error })),
          startWith<ActionState<R>>({ state: 'running' }),
        ),
      ),
      share(),
    ),
  );
  const state = useObservableState(states$, { state: 'idle' });
  useSubscription(states$, (next) => {
    if (next.state === 'done' || next.state === 'failed') onOutcome(next);
  });
  return [trigger, state];
}
