import { attributeProblemTexts } from '../../../shared/attributes/index.js';
import { registerMessages } from '../../i18n/messages.js';

const prefixed = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).map(([k, v]) => [`attributes.${k}`, v]));

/** The validator's texts, shared with the client (shared/attributes/messages.ts). */
registerMessages({
  ru: { ...prefixed(attributeProblemTexts.ru), 'attributes.groupNotFound': 'Группа атрибутов не найдена' },
  en: { ...prefixed(attributeProblemTexts.en), 'attributes.groupNotFound': 'Attribute group not found' },
});
