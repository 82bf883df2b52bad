import { useTranslation } from 'react-i18next';
import type { Suite } from '../../../entities/suite/suite-api.ts';

/**
 * The info popover's counts (§2 Tree bar): suites under it, its cases with the subtree's in brackets, the estimate, the subtree's in
 * brackets.
 */
export function SuiteInfo({ suite }: { suite: Suite }) {
  const { t } = useTranslation();
  return (
    <dl className="suite-info" aria-label={t('suites.tree.info', { name: suite.name })}>
      <dt>{t('suites.tree.suitesCount')}</dt>
      <dd>{suite.descendant_count}</dd>
      <dt>{t('suites.tree.casesCount')}</dt>
      <dd>
        {suite.cases_count} ({suite.total_cases_count})
      </dd>
      <dt>{t('suites.tree.estimate')}</dt>
      <dd>
        {suite.estimates ?? t('suites.tree.noEstimate')}
        {suite.total_estimates !== null && suite.total_estimates !== suite.estimates && ` (${suite.total_estimates})`}
      </dd>
    </dl>
  );
}
