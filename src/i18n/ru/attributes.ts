import { problemTexts } from '../../attributes/texts';

/** Attribute fields (src/attributes): the validator's problems (shared with the server) and the inputs' words. */
export const attributes = {
  problems: problemTexts('ru'),
  none: 'Нет',
  yes: 'Да',
  no: 'Нет',
  phoneHint: 'Формат: +7 (999) 999-99-99',
  textCounter: '{{length}} / {{max}}',
  company: { name: 'Название организации', address: 'Адрес организации', inn: 'ИНН', kpp: 'КПП' },
  fileSaved: 'Файл загружен',
  fileNone: 'Файл не загружен',
  fileUpload: 'Загрузить файл',
  fileFailed: 'Не удалось загрузить файл',
  fileTooLarge: 'Файл больше {{max}}',
  hierarchyHint: 'Код значения справочника',
  hierarchyChoose: 'Выберите значение последнего уровня',
  hierarchyLoadError: 'Не удалось загрузить справочник',
  noSuggestions: 'Нет подсказок',
  group: {
    loadError: 'Не удалось загрузить группу атрибутов',
    empty: 'В этой группе нет атрибутов',
    save: 'Сохранить',
    saved: 'Данные сохранены',
    partlySaved: 'Сохранены верные поля; исправьте отмеченные',
  },
};
