import { useObservableEagerState } from 'observable-hooks';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { THEME_SETTINGS, chooseTheme, themeSetting$, type ThemeSetting } from './theme.ts';

const ICONS: Record<ThemeSetting, string> = { light: 'pi pi-sun', dark: 'pi pi-moon', system: 'pi pi-desktop' };

export function ThemeSelector() {
  const { t } = useTranslation();
  const setting = useObservableEagerState(themeSetting$);
  const options = THEME_SETTINGS.map((value) => ({ value, label: t(`theme.${value}`) }));
  return (
    <SelectButton
      className="theme-selector"
      value={setting}
      options={options}
      allowEmpty={false}
      onChange={(event) => chooseTheme(event.value as ThemeSetting)}
      itemTemplate={(option: { value: ThemeSetting; label: string }) => <i className={ICONS[option.value]} title={option.label} />}
      aria-label={t('theme.label')}
    />
  );
}
