import { useTranslation } from 'react-i18next';

/** The mark: a checked document. Colours come from the theme, so it suits light and dark. */
export function Logo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={t('app.name')}>
      <rect x="3" y="2" width="26" height="28" rx="6" fill="var(--primary-color)" />
      <path d="M9 10h14M9 15h9" stroke="var(--primary-color-text)" strokeWidth="2.4" strokeLinecap="round" />
      <path
        d="M11 21.5l3.2 3.2L22 17"
        fill="none"
        stroke="var(--primary-color-text)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
