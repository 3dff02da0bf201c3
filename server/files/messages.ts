import { registerMessages } from '../i18n/messages.js';

/** Upload and download texts (spec 2 §6, spec 3 §8.6), both languages, same keys. */
const ru = {
  'upload.allowedTypes': 'Допустимые типы файлов: {allowedExtensions}',
  'upload.tooLarge': 'Файл {name} слишком большой. Максимальный размер: {maxFileSize} МБ',
  'upload.pictureFailed': 'Не удалось загрузить изображение',
  'upload.pictureFormat': 'Изображение должно быть в формате PNG или JPG',
  'upload.noFile': 'Файл не передан',
  'upload.badMetadata': 'Некорректные сведения о загружаемом файле',
  'upload.kinescopeDone': 'Файл успешно загружен в Kinescope',
  'upload.kinescopeFailed': 'Не удалось загрузить файл в Kinescope',
  'upload.quotaExceeded': 'Файл {name} не помещается в ваше хранилище: свободно {left} МБ из {quota} МБ',
  'upload.quotaExceededHint': 'Замените или удалите ненужные файлы либо попросите администратора увеличить квоту',
  'upload.lengthRequired': 'Размер загружаемого файла должен быть известен заранее',
  'file.notFound': 'Файл не найден',
  'file.rangeNotSatisfiable': 'Запрошенный диапазон байтов вне файла',
};
const en: Record<keyof typeof ru, string> = {
  'upload.allowedTypes': 'Allowed file types: {allowedExtensions}',
  'upload.tooLarge': 'File {name} is too large. Maximum size: {maxFileSize}MB',
  'upload.pictureFailed': 'Failed to upload the image',
  'upload.pictureFormat': 'The image must be a PNG or JPG',
  'upload.noFile': 'No file was sent',
  'upload.badMetadata': 'Invalid details of the uploaded file',
  'upload.kinescopeDone': 'The file was uploaded to Kinescope',
  'upload.kinescopeFailed': 'Failed to upload the file to Kinescope',
  'upload.quotaExceeded': 'File {name} does not fit in your storage: {left} MB left of {quota} MB',
  'upload.quotaExceededHint': 'Replace or remove files you no longer need, or ask an administrator to raise the quota',
  'upload.lengthRequired': 'The size of the uploaded file must be known in advance',
  'file.notFound': 'File not found',
  'file.rangeNotSatisfiable': 'The requested byte range is outside the file',
};
export const filesMessages = { ru, en };
registerMessages(filesMessages);
