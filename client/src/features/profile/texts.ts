import { featureTexts } from '../../i18n/translations.ts';

/** The `profile.*` texts (English, then Russian). */
export const profileTexts = featureTexts(
  'profile',
  {
    title: 'Profile',
    details: 'General details',
    edit: 'Edit',
    editTitle: 'Edit profile',
    updated: 'Profile updated successfully',
    avatar: {
      alt: 'Avatar of {{name}}',
      choose: 'Change avatar',
      remove: 'Remove avatar',
      cropTitle: 'Crop your avatar',
      cropHint: 'Drag the circle or its corner handle; with the keyboard, arrows move it and + or - resize it.',
      cropArea: 'Avatar crop area',
      cropKeys: 'Arrow keys move the crop, plus and minus resize it',
      seeConsole: 'Showing detail in console log.',
    },
  },
  {
    title: 'Профиль',
    details: 'Основные сведения',
    edit: 'Изменить',
    editTitle: 'Изменение профиля',
    updated: 'Профиль изменён',
    avatar: {
      alt: 'Аватар {{name}}',
      choose: 'Сменить аватар',
      remove: 'Удалить аватар',
      cropTitle: 'Обрезка аватара',
      cropHint: 'Перетащите круг или его угловой маркер; с клавиатуры стрелки двигают его, а + и - меняют размер.',
      cropArea: 'Область обрезки аватара',
      cropKeys: 'Стрелки двигают область, плюс и минус меняют размер',
      seeConsole: 'Подробности в консоли.',
    },
  },
);
