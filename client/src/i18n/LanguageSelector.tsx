import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, chooseLanguage, type Language } from './i18n.ts';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const options = LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }));
  return (
    <Dropdown
      className="language-selector"
      value={i18n.language}
      options={options}
      onChange={(event) => void chooseLanguage(event.value as Language)}
      ariaLabel={t('language.label')}
      dropdownIcon="pi pi-language"
    />
  );
}
