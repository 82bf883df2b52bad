import { BehaviorSubject } from 'rxjs';

export type ErrorCode = 403 | 404;

/** The error page shown in place of the current screen (§8); cleared on every route change. */
export const errorView$ = new BehaviorSubject<ErrorCode | null>(null);
