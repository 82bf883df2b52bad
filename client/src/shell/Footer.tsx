import { useTranslation } from 'react-i18next';

/** Copyright, version, and where to report an issue or ask: the operator's support address, else the documentation. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <span>{t('shell.footer.copyright', { year })}</span>
      <span>{t('shell.footer.version', { version: __APP_VERSION__ })}</span>
      <a href={__ISSUES_URL__} target="_blank" rel="noreferrer">
        {t('shell.footer.issues')}
      </a>
      {__CONTACT_EMAIL__ ? (
        <a href={`mailto:${__CONTACT_EMAIL__}`}>{t('shell.footer.contact')}</a>
      ) : (
        <a href={__DOCUMENTATION_URL__} target="_blank" rel="noreferrer">
          {t('shell.footer.documentation')}
        </a>
      )}
    </footer>
  );
}
