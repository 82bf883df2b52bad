import { featureTexts } from '../../i18n/translations.ts';

/** The `notifications.*` texts (English, then Russian). */
export const notificationsTexts = featureTexts(
  'notifications',
  {
    title: 'Notifications',
    tabs: { overview: 'Overview', settings: 'Settings' },
    message: 'Message',
    actor: 'From',
    when: 'When',
    unread: 'Unread',
    selected: 'Selected: {{count}}',
    markRead: 'Mark as read',
    markUnread: 'Mark as unread',
    markAllRead: 'Mark all as read',
    empty: 'No notifications',
    settingsHint:
      'Choose what you are notified about. The end of an operation you ' +
      'started in the background and the project access notifications are on ' +
      'until you switch them off; the rest stay off until you switch them on.',
    kinds: {
      '0': 'A test was assigned to me',
      '1': 'A test was unassigned from me',
      '2': 'A test case I follow was modified',
      '3': 'A test plan I follow was modified',
      '4': 'A bulk operation I started in the background ended',
      '5': 'Someone requested access to a project I manage',
      '6': 'I was given access to a project',
      '7': 'My access to a project was removed',
    },
  },
  {
    title: 'Уведомления',
    tabs: { overview: 'Обзор', settings: 'Настройки' },
    message: 'Сообщение',
    actor: 'От кого',
    when: 'Когда',
    unread: 'Не прочитано',
    selected: 'Выбрано: {{count}}',
    markRead: 'Отметить прочитанными',
    markUnread: 'Отметить непрочитанными',
    markAllRead: 'Прочитать все',
    empty: 'Уведомлений нет',
    settingsHint:
      'Выберите, о чём вас уведомлять. Уведомления о завершении операций, ' +
      'запущенных вами в фоне, и о доступе к проектам включены, пока ' +
      'вы их не выключите; остальные приходят, только если их включить.',
    kinds: {
      '0': 'Мне назначили тест',
      '1': 'С меня сняли тест',
      '2': 'Изменён тест-кейс, за которым я слежу',
      '3': 'Изменён тест-план, за которым я слежу',
      '4': 'Завершилась массовая операция, запущенная мной в фоне',
      '5': 'Кто-то запросил доступ к моему проекту',
      '6': 'Мне выдали доступ к проекту',
      '7': 'Мой доступ к проекту отозван',
    },
  },
);
