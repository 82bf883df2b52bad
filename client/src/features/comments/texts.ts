import { featureTexts } from '../../i18n/translations.ts';

/** The `comments.*` texts (English, then Russian). */
export const commentsTexts = featureTexts(
  {
    title: 'Comments',
    text: 'Comment',
    placeholder: 'Write a comment',
    add: 'Add',
    added: 'Success',
    saved: 'Success',
    by: 'Comment by {{name}}',
    edit: 'Edit comment',
    delete: 'Delete comment',
    edited: 'edited',
    deletedMarker: 'deleted',
    deleteTitle: 'Delete comment',
    deleteQuestion: 'Do you want to delete this comment?',
    deleted: 'Comment deleted successfully',
    empty: 'No comments',
  },
  {
    title: 'Комментарии',
    text: 'Комментарий',
    placeholder: 'Напишите комментарий',
    add: 'Добавить',
    added: 'Готово',
    saved: 'Готово',
    by: 'Комментарий {{name}}',
    edit: 'Изменить комментарий',
    delete: 'Удалить комментарий',
    edited: 'изменён',
    deletedMarker: 'удалён',
    deleteTitle: 'Удаление комментария',
    deleteQuestion: 'Удалить этот комментарий?',
    deleted: 'Комментарий удалён',
    empty: 'Комментариев нет',
  },
);
