import { featureTexts } from '../../i18n/translations.ts';

/** The `bulkJobs.*` texts (English, then Russian). */
export const bulkJobsTexts = featureTexts(
  'bulkJobs',
  {
    panel: 'Bulk operations',
    operations: {
      assign: 'Assigning tests',
      move: 'Moving tests',
      delete: 'Deleting tests',
      result: 'Adding results',
      cases: 'Changing cases',
      import: 'Importing cases',
      report: 'Test report import',
    },
    progress: '{{done, number}} of {{total, number}}',
    rate: { tests: '{{rate}} tests/s', cases: '{{rate}} cases/s' },
    timeLeft: 'ends {{time}}',
    estimating: 'Estimating the time left…',
    finished: {
      tests: 'Done: {{total, number}} tests changed.',
      cases: 'Done: {{total, number}} cases changed.',
      report: 'Done: {{total, number}} tests of the report read.',
    },
    reportSummary:
      'Passed: {{passed, number}} · failed: {{failed, number}} · error: {{error, number}} · ' +
      'skipped: {{skipped, number}}; cases created: {{cases, number}}',
    failed: {
      tests: 'Stopped after {{done, number}} of {{total, number}} tests: {{reason}}',
      cases: 'Stopped after {{done, number}} of {{total, number}} cases: {{reason}}',
    },
    failedAt: {
      tests: 'Stopped at test #{{item}} after {{done, number}} of {{total, number}} tests: {{reason}}',
      cases: 'Stopped at case #{{item}} after {{done, number}} of {{total, number}} cases: {{reason}}',
    },
    dismiss: 'Dismiss',
    jobRunning: 'Your bulk operation in this project is still running; the others wait until it ends.',
    background: {
      summary: 'Running in the background',
      detail:
        'Follow it in the bulk operations panel at the bottom right; you will be ' +
        'notified when it ends. Other bulk operations in this project wait until then.',
    },
    wizard: {
      title: 'Add results',
      steps: { status: 'Status', common: 'Common fields', specific: 'Suite fields', additional: 'Additional' },
      selected: 'Tests selected: {{count}}',
      status: 'Status',
      noCommon: 'No common fields',
      noSuiteFields: 'No suite fields',
      suite: 'Suite #{{id}}',
      comment: 'Comment',
      attachments: 'Attachments',
      back: 'Back',
      next: 'Next',
      submit: 'Submit',
      added: 'Results added: {{count}}',
    },
  },
  {
    panel: 'Массовые операции',
    operations: {
      assign: 'Назначение тестов',
      move: 'Перенос тестов',
      delete: 'Удаление тестов',
      result: 'Добавление результатов',
      cases: 'Изменение тест-кейсов',
      import: 'Импорт тест-кейсов',
      report: 'Импорт отчёта о тестах',
    },
    progress: '{{done, number}} из {{total, number}}',
    rate: { tests: '{{rate}} тестов/с', cases: '{{rate}} тест-кейсов/с' },
    timeLeft: 'завершится {{time}}',
    estimating: 'Оцениваем оставшееся время…',
    finished: {
      tests: 'Готово: изменено тестов — {{total, number}}.',
      cases: 'Готово: изменено тест-кейсов — {{total, number}}.',
      report: 'Готово: прочитано тестов отчёта — {{total, number}}.',
    },
    reportSummary:
      'Пройдено: {{passed, number}} · провалено: {{failed, number}} · с ошибкой: {{error, number}} · ' +
      'пропущено: {{skipped, number}}; создано тест-кейсов: {{cases, number}}',
    failed: {
      tests: 'Остановлено после {{done, number}} из {{total, number}} тестов: {{reason}}',
      cases: 'Остановлено после {{done, number}} из {{total, number}} тест-кейсов: {{reason}}',
    },
    failedAt: {
      tests: 'Остановлено на тесте №{{item}} после {{done, number}} из {{total, number}} тестов: {{reason}}',
      cases: 'Остановлено на тест-кейсе №{{item}} после {{done, number}} из {{total, number}} тест-кейсов: {{reason}}',
    },
    dismiss: 'Скрыть',
    jobRunning: 'Ваша массовая операция в этом проекте ещё выполняется; остальные ждут её окончания.',
    background: {
      summary: 'Выполняется в фоне',
      detail:
        'Следите за ней на панели массовых операций справа внизу; когда она завершится, ' +
        'придёт уведомление. Другие массовые операции в этом проекте ждут её окончания.',
    },
    wizard: {
      title: 'Добавление результатов',
      steps: { status: 'Статус', common: 'Общие поля', specific: 'Поля наборов', additional: 'Дополнительно' },
      selected: 'Выбрано тестов: {{count}}',
      status: 'Статус',
      noCommon: 'Общих полей нет',
      noSuiteFields: 'Полей наборов нет',
      suite: 'Набор №{{id}}',
      comment: 'Комментарий',
      attachments: 'Вложения',
      back: 'Назад',
      next: 'Далее',
      submit: 'Отправить',
      added: 'Добавлено результатов: {{count}}',
    },
  },
);
