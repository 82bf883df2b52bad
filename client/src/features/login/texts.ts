import { featureTexts } from '../../i18n/translations.ts';

/** The `login.*` texts (English, then Russian). */
export const loginTexts = featureTexts(
  'login',
  {
    subtitle: 'Log in to continue',
    username: 'Username',
    password: 'Password',
    rememberMe: 'Remember me',
    submit: 'Log in',
    errors: {
      missingCredentials: 'Missing username or password',
      unauthorized: 'Unauthorized',
      failed: 'Login failed',
      noServerResponse: 'No server response',
    },
  },
  {
    subtitle: 'Войдите, чтобы продолжить',
    username: 'Имя пользователя',
    password: 'Пароль',
    rememberMe: 'Запомнить меня',
    submit: 'Войти',
    errors: {
      missingCredentials: 'Не указаны имя пользователя или пароль',
      unauthorized: 'Не авторизован',
      failed: 'Не удалось войти',
      noServerResponse: 'Сервер не отвечает',
    },
  },
);
