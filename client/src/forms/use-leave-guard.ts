import { confirmDialog } from 'primereact/confirmdialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** The question's translation keys: the case form's "Do you want to close?" by default, the suite form's own. */
export interface LeaveQuestion {
  header: string;
  message: string;
}

const DISCARD: LeaveQuestion = { header: 'forms.discard.header', message: 'forms.discard.message' };

/**
 * Leaving a changed form, by any link, by Back or by closing the tab, asks
 * first. `release()` lets the form go once it has saved.
 */
export function useLeaveGuard(changed: boolean, question: LeaveQuestion = DISCARD): { release(): void } {
  const { t } = useTranslation();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDialog({
      header: t(question.header),
      message: t(question.message),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.yes'),
      rejectLabel: t('common.no'),
      defaultFocus: 'reject',
      accept: () => blocker.proceed(),
      // No, the close button and Escape all stay on the form.
      onHide: (result) => {
        if (result !== 'accept') blocker.reset();
      },
    });
  }, [blocker, t, question.header, question.message]);
  // Closing or reloading the tab is leaving too; the browser asks in its own words.
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!released.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);
  return { release: () => (released.current = true) };
}
