import { useTranslation } from 'react-i18next';
import { seededName } from '../../i18n/seeded-names.ts';
import { ColorDot } from '../../shared/color/ColorField.tsx';

/** A status as results and tests show it: its colour and its name (a seeded one in the reader's language); no status is Untested. */
export function StatusTag({ name, color }: { name: string | null; color: string | null }) {
  const { t } = useTranslation();
  return (
    <span className="status-tag">
      <ColorDot color={color} />
      {name === null ? t('results.untested') : seededName(t, 'status', name)}
    </span>
  );
}
