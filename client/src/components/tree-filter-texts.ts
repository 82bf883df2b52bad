import { featureTexts } from '../i18n/translations.ts';

/** The `treeFilter.*` texts of the shared tree filter dropdown (English, then Russian). */
export const treeFilterTexts = featureTexts(
  {
    suitesPlaceholder: 'Filter by Test Suites',
    plansPlaceholder: 'Filter by Test Plans',
    selectAll: 'Select all',
    reset: 'Reset',
    showFullTree: 'Show full tree',
    selected: 'Selected: {{count}}',
    more: '+{{count}}',
    empty: 'No matches',
  },
  {
    suitesPlaceholder: 'Фильтр по тест-сьютам',
    plansPlaceholder: 'Фильтр по тест-планам',
    selectAll: 'Выбрать все',
    reset: 'Сбросить',
    showFullTree: 'Показать всё дерево',
    selected: 'Выбрано: {{count}}',
    more: '+{{count}}',
    empty: 'Нет совпадений',
  },
);
