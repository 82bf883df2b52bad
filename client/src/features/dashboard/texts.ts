import { featureTexts } from '../../i18n/translations.ts';

/** The `dashboard.*` texts (English, then Russian). */
export const dashboardTexts = featureTexts(
  'dashboard',
  {
    title: 'Projects',
    search: 'Search projects',
    onlyFavorites: 'Only favorites',
    showArchived: 'Show archived',
    create: 'Create project',
    empty: 'No projects found',
    view: { label: 'View', cards: 'Cards', table: 'Table' },
    columns: { project: 'Project', description: 'Description', status: 'Status' },
    totals: {
      projects_count: 'Projects',
      suites_count: 'Suites',
      cases_count: 'Cases',
      plans_count: 'Plans',
      tests_count: 'Tests',
    },
  },
  {
    title: 'Проекты',
    search: 'Поиск проектов',
    onlyFavorites: 'Только избранные',
    showArchived: 'Показать архивные',
    create: 'Создать проект',
    empty: 'Проекты не найдены',
    view: { label: 'Вид', cards: 'Карточки', table: 'Таблица' },
    columns: { project: 'Проект', description: 'Описание', status: 'Статус' },
    totals: {
      projects_count: 'Проекты',
      suites_count: 'Наборы',
      cases_count: 'Кейсы',
      plans_count: 'Планы',
      tests_count: 'Тесты',
    },
  },
);
