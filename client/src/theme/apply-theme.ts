import type { Theme } from './theme.ts';

// Each PrimeReact theme is a whole stylesheet; only the one on screen is loaded.
const stylesheets: Record<Theme, () => Promise<{ default: string }>> = {
  light: () => import('primereact/resources/themes/lara-light-blue/theme.css?inline'),
  dark: () => import('primereact/resources/themes/lara-dark-blue/theme.css?inline'),
};

const STYLE_ID = 'testament-theme';

export async function themeStylesheet(theme: Theme): Promise<string> {
  return (await stylesheets[theme]()).default;
}

/** Puts the theme's stylesheet in place and marks the document so the app's own styles follow. */
export function showTheme(theme: Theme, css: string): void {
  let style = document.getElementById(STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.prepend(style);
  }
  style.textContent = css;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
