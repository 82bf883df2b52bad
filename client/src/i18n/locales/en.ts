import { englishServerMessages } from '../server-messages.ts';
import { collectedTexts } from '../collected-texts.ts';
import { withCollected, type Translations } from '../translations.ts';

/**
 * English, the default language: the app's own texts here, each feature's from its `texts.ts`. Every key here must
 * exist in ru.ts (its type says so).
 */
const ownEnglish = {
  app: { name: 'Testament' },
  common: {
    cancel: 'Cancel',
    save: 'Save',
    create: 'Create',
    update: 'Update',
    delete: 'Delete',
    yes: 'Yes',
    no: 'No',
    any: 'Any',
    search: 'Search',
    editNamed: 'Edit {{name}}',
    deleteNamed: 'Delete {{name}}',
    showMore: 'Show more',
    showLess: 'Show less',
  },
  language: { label: 'Language', en: 'English', ru: 'Русский' },
  theme: { label: 'Theme', light: 'Light', dark: 'Dark', system: 'System' },
  errors: {
    internalServerError: 'Internal server error. Showing in console log.',
    notFoundPage: 'Sorry, the page you visited does not exist.',
    forbiddenPage: 'You do not have permission to access this page.',
    backHome: 'Back to home',
  },
  forms: {
    discard: { header: 'Do you want to close?', message: 'You will lose your data if you continue!' },
    errors: {
      empty: 'This field can not be empty!',
      required: 'Required',
      requiredField: 'Required field',
      jsonParse: 'JSON parse error',
      maxLength: 'Maximum length {{max}}',
    },
  },
  colors: {
    red: 'Red',
    orange: 'Orange',
    yellow: 'Yellow',
    green: 'Green',
    teal: 'Teal',
    blue: 'Blue',
    purple: 'Purple',
    custom: 'Custom colour',
  },
  /** Names the server seeds in English, shown in the reader's language while they keep them (i18n/seeded-names.ts). */
  seeded: {
    status: {
      Failed: 'Failed',
      Passed: 'Passed',
      Skipped: 'Skipped',
      Broken: 'Broken',
      Blocked: 'Blocked',
      Retest: 'Retest',
      UNTESTED: 'UNTESTED',
    },
    role: { Admin: 'Admin', User: 'User', 'External user': 'External user' },
  },
  shell: {
    collapseSidebar: 'Collapse the sidebar',
    expandSidebar: 'Expand the sidebar',
    nav: {
      main: 'Main',
      account: 'Account',
      home: 'Home',
      projects: 'Projects',
      project: 'Project',
      overview: 'Overview',
      suites: 'Test suites & cases',
      plans: 'Test plans & results',
      administration: 'Administration',
      users: 'Users',
      roles: 'Roles',
      systemMessages: 'System messages',
      notifications: 'Notifications',
      profile: 'Profile',
      logout: 'Log out',
    },
    footer: {
      copyright: '© {{year}} Testament contributors. Open source under the MIT license.',
      version: 'Version {{version}}',
      issues: 'Report an issue',
      contact: 'Contact',
      documentation: 'Documentation',
    },
  },
  /** The contract's messages (contracts/src/messages.ts), from form validation or the server; {{0}} is a template's value. */
  server: englishServerMessages,
};

export type Messages = Translations<typeof ownEnglish>;

export const en = withCollected(ownEnglish, collectedTexts.en);
