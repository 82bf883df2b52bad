import { featureTexts } from '../../i18n/translations.ts';

/** The `projectPage.*` texts (English, then Russian). */
export const projectPageTexts = featureTexts(
  {
    showMore: 'Show more',
    showLess: 'Show less',
    tabs: {
      overview: 'Overview',
      parameters: 'Parameters',
      labels: 'Labels',
      statuses: 'Statuses',
      'custom-attributes': 'Custom attributes',
      settings: 'Settings',
      'access-management': 'Access management',
    },
    settings: {
      title: 'Settings',
      status: 'Status',
      active: 'Active',
      archived: 'Archived',
      type: 'Type',
      private: 'Private',
      public: 'Public',
      editableResults: 'Editable Test Results',
      resultEditTime: 'Result Edit Time',
      unlimited: 'Unlimited',
    },
  },
  {
    showMore: 'Показать полностью',
    showLess: 'Свернуть',
    tabs: {
      overview: 'Обзор',
      parameters: 'Параметры',
      labels: 'Метки',
      statuses: 'Статусы',
      'custom-attributes': 'Пользовательские атрибуты',
      settings: 'Настройки',
      'access-management': 'Управление доступом',
    },
    settings: {
      title: 'Настройки',
      status: 'Состояние',
      active: 'Активный',
      archived: 'В архиве',
      type: 'Тип',
      private: 'Закрытый',
      public: 'Открытый',
      editableResults: 'Редактируемые результаты',
      resultEditTime: 'Время на редактирование результата',
      unlimited: 'Без ограничений',
    },
  },
);
