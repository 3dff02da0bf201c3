import { registerMessages } from '../i18n/messages.js';

const ru = {
  'richtext.pictureAddress': 'Укажите адрес изображения http(s) или загрузите файл',
};

const en: Record<keyof typeof ru, string> = {
  'richtext.pictureAddress': 'Give an http(s) picture address or upload a file',
};

registerMessages({ ru, en });
