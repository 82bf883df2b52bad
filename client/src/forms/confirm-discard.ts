import { confirmDialog } from 'primereact/confirmdialog';
import type { TFunction } from 'i18next';

/** Closing a modal with changes asks first (§2 Suite pages, §4 Modals). */
export function confirmDiscard(t: TFunction, discard: () => void): void {
  confirmDialog({
    header: t('forms.discard.header'),
    message: t('forms.discard.message'),
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('common.yes'),
    rejectLabel: t('common.no'),
    defaultFocus: 'reject',
    accept: discard,
  });
}
