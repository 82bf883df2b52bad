import type { ToastMessage } from 'primereact/toast';
import { Subject } from 'rxjs';

/** Toast notices from anywhere in the app; the root layout shows them. */
export const toasts$ = new Subject<ToastMessage>();

export function notify(message: ToastMessage): void {
  toasts$.next({ life: 4_000, ...message });
}
