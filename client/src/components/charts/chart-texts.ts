import { featureTexts } from '../../i18n/translations.ts';

/** The `charts.*` texts of the shared statistics widgets (English, then Russian). */
export const chartTexts = featureTexts(
  {
    showAll: 'Show All (+{{count}})',
    showLess: 'Show Less',
  },
  {
    showAll: 'Показать все (+{{count}})',
    showLess: 'Свернуть',
  },
);
