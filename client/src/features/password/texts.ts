import { featureTexts } from '../../i18n/translations.ts';

/** The `password.*` texts (English, then Russian). */
export const passwordTexts = featureTexts(
  'password',
  {
    title: 'Change password',
    new: 'New password',
    confirm: 'Confirm password',
    rules: 'The password needs',
    met: 'done',
    unmet: 'still needed',
    changed: 'Password updated successfully',
  },
  {
    title: 'Сменить пароль',
    new: 'Новый пароль',
    confirm: 'Подтверждение пароля',
    rules: 'Требования к паролю',
    met: 'выполнено',
    unmet: 'ещё не выполнено',
    changed: 'Пароль изменён',
  },
);
