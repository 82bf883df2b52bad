import { featureTexts } from '../../i18n/translations.ts';

/** The `charts.*` texts of the shared statistics widgets (English, then Russian). */
export const chartTexts = featureTexts(
  'charts',
  {
    showAll: 'Show all (+{{count}})',
    showLess: 'Show less',
  },
  {
    showAll: 'Показать все (+{{count}})',
    showLess: 'Свернуть',
  },
);
