import { featureTexts } from '../../i18n/translations.ts';

/** The `projectSettings.*` texts (English, then Russian). */
export const projectSettingsTexts = featureTexts(
  'projectSettings',
  {
    title: 'Project settings',
    readOnly: 'Only the managers of this project can change its settings.',
    editable: 'Editable test results',
    editableHint: 'Testers may change a result after adding it.',
    limit: 'Result edit time',
    limitPlaceholder: 'Unlimited',
    limitHint: 'How long a result stays editable: minutes, or units like 1w 2d 3h 30m. Empty means unlimited.',
    saved: 'Settings saved',
    importStatuses: {
      title: 'Import statuses',
      hint: 'The status a test imported from a CI report gets for each outcome.',
      passed: 'Passed',
      failed: 'Failed',
      error: 'Error',
      skipped: 'Skipped',
      choose: 'Choose a status',
    },
  },
  {
    title: 'Настройки проекта',
    readOnly: 'Менять настройки могут только менеджеры проекта.',
    editable: 'Редактируемые результаты',
    editableHint: 'Тестировщики могут изменить результат после добавления.',
    limit: 'Время на редактирование результата',
    limitPlaceholder: 'Без ограничений',
    limitHint: 'Сколько результат остаётся редактируемым: минуты или единицы вида 1w 2d 3h 30m. Пусто — без ограничений.',
    saved: 'Настройки сохранены',
    importStatuses: {
      title: 'Статусы импорта',
      hint: 'Статус, который получает тест, импортированный из отчёта CI, при каждом исходе.',
      passed: 'Пройден',
      failed: 'Провален',
      error: 'Ошибка',
      skipped: 'Пропущен',
      choose: 'Выберите статус',
    },
  },
);
