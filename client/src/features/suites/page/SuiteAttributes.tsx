import { useTranslation } from 'react-i18next';
import type { SuiteDetail } from '../../../entities/suite/suite-api.ts';

/** A text shows as it is, a list as its items, JSON as written. */
function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** The Custom attributes tab: name and value pairs (§ Suite pages). */
export function SuiteAttributes({ suite }: { suite: SuiteDetail }) {
  const { t } = useTranslation();
  const entries = Object.entries(suite.attributes);
  if (entries.length === 0) return <p className="suite-page__empty">{t('suites.page.noAttributes')}</p>;
  return (
    <dl className="suite-attributes">
      {entries.map(([name, value]) => (
        <div key={name} className="suite-attributes__row">
          <dt>{name}</dt>
          <dd>{shownValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
