import { featureTexts } from '../../i18n/translations.ts';

/** The `attachments.*` texts (English, then Russian). */
export const attachmentsTexts = featureTexts(
  'attachments',
  {
    choose: 'Attach files',
    remove: 'Remove {{name}}',
  },
  {
    choose: 'Прикрепить файлы',
    remove: 'Убрать {{name}}',
  },
);
