import { englishServerMessages } from '../server-messages.ts';
import type { Translations } from '../translations.ts';
import { accessTexts } from '../../features/access-management/texts.ts';
import { catalogueTexts } from '../../entities/catalogue/texts.ts';
import { dashboardTexts } from '../../features/dashboard/texts.ts';
import { loginTexts } from '../../features/login/texts.ts';
import { notificationsTexts } from '../../features/notifications/texts.ts';
import { passwordTexts } from '../../features/password/texts.ts';
import { profileTexts } from '../../features/profile/texts.ts';
import { projectModelsTexts, projectsTexts } from '../../features/projects/texts.ts';
import { projectPageTexts } from '../../features/project-page/texts.ts';
import { projectSettingsTexts } from '../../features/project-settings/texts.ts';
import { rolesTexts } from '../../features/roles/texts.ts';
import { systemMessagesTexts } from '../../features/system-messages/texts.ts';
import { tokensTexts } from '../../features/api-tokens/texts.ts';
import { usersTexts } from '../../features/users/texts.ts';
import { suitesTexts } from '../../features/suites/texts.ts';
import { caseFormTexts } from '../../features/cases/form/texts.ts';
import { caseDrawerTexts } from '../../features/cases/drawer/texts.ts';
import { caseVersionsTexts } from '../../features/cases/versions/texts.ts';
import { caseListTexts } from '../../features/cases/list/texts.ts';
import { commentsTexts } from '../../features/comments/texts.ts';
import { testDrawerTexts } from '../../features/tests/drawer/texts.ts';
import { resultsTexts } from '../../features/results/texts.ts';
import { attachmentsTexts } from '../../features/attachments/texts.ts';
import { treeFilterTexts } from '../../components/tree-filter-texts.ts';
import { plansTexts } from '../../features/plans/texts.ts';
import { planActivityTexts } from '../../features/plan-activity/texts.ts';
import { listTexts } from '../../components/list/list-texts.ts';
import { testListTexts } from '../../features/tests/list/texts.ts';
import { chartTexts } from '../../components/charts/chart-texts.ts';
import { planStatisticsTexts } from '../../features/plan-statistics/texts.ts';
import { bulkJobsTexts } from '../../features/bulk-jobs/texts.ts';
import { auditTexts } from '../../features/audit/texts.ts';

/** English, the default language. Every key here must exist in ru.ts (its type says so). */
export const en = {
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
  login: loginTexts.en,
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
  dashboard: dashboardTexts.en,
  projects: projectsTexts.en,
  models: projectModelsTexts.en,
  projectPage: projectPageTexts.en,
  projectSettings: projectSettingsTexts.en,
  catalogue: catalogueTexts.en,
  access: accessTexts.en,
  users: usersTexts.en,
  password: passwordTexts.en,
  profile: profileTexts.en,
  tokens: tokensTexts.en,
  notifications: notificationsTexts.en,
  systemMessages: systemMessagesTexts.en,
  roles: rolesTexts.en,
  suites: suitesTexts.en,
  caseForm: caseFormTexts.en,
  caseDrawer: caseDrawerTexts.en,
  caseVersions: caseVersionsTexts.en,
  caseList: caseListTexts.en,
  comments: commentsTexts.en,
  testDrawer: testDrawerTexts.en,
  results: resultsTexts.en,
  attachments: attachmentsTexts.en,
  treeFilter: treeFilterTexts.en,
  plans: plansTexts.en,
  planActivity: planActivityTexts.en,
  list: listTexts.en,
  testList: testListTexts.en,
  charts: chartTexts.en,
  planStatistics: planStatisticsTexts.en,
  bulkJobs: bulkJobsTexts.en,
  audit: auditTexts.en,
  /** The contract's messages (contracts/src/messages.ts), from form validation or the server; {{0}} is a template's value. */
  server: englishServerMessages,
};

export type Messages = Translations<typeof en>;
