import { featureTexts } from '../../i18n/translations.ts';

/** The `treeFilter.*` texts of the shared tree filter dropdown (English, then Russian). */
export const treeFilterTexts = featureTexts(
  'treeFilter',
  {
    suitesPlaceholder: 'Filter by test suites',
    plansPlaceholder: 'Filter by test plans',
    selectAll: 'Select all',
    reset: 'Reset',
    showFullTree: 'Show full tree',
    selected: 'Selected: {{count}}',
    more: '+{{count}}',
    empty: 'No matches',
  },
  {
    suitesPlaceholder: 'Фильтр по наборам тестов',
    plansPlaceholder: 'Фильтр по тест-планам',
    selectAll: 'Выбрать все',
    reset: 'Сбросить',
    showFullTree: 'Показать всё дерево',
    selected: 'Выбрано: {{count}}',
    more: '+{{count}}',
    empty: 'Нет совпадений',
  },
);
