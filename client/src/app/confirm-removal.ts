import type { TFunction } from 'i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import type { Observable } from 'rxjs';
import { notifyRefusal } from './refusal.ts';
import { notify } from './toasts.ts';

interface Removal {
  header: string;
  message: string;
  /** The confirming button; Delete unless the action has its own name. */
  acceptLabel?: string;
  remove(): Observable<unknown>;
  /** Announces the change; the toast is `doneMessage`. */
  onRemoved(): void;
  doneMessage: string;
}

/** Asks first, with No focused; then removes, and says how it went (§4, §8). */
export function confirmRemoval(t: TFunction, removal: Removal): void {
  confirmDialog({
    header: removal.header,
    message: removal.message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: removal.acceptLabel ?? t('common.delete'),
    rejectLabel: t('common.cancel'),
    acceptClassName: 'p-button-danger',
    defaultFocus: 'reject',
    accept: () =>
      removal.remove().subscribe({
        next: () => {
          removal.onRemoved();
          notify({ severity: 'success', summary: removal.doneMessage });
        },
        error: (error: unknown) => notifyRefusal(t, error),
      }),
  });
}
