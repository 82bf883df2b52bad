/** Build-time values (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
declare const __ISSUES_URL__: string;
declare const __CONTACT_EMAIL__: string;
declare const __DOCUMENTATION_URL__: string;
