/** react-admin's own texts in both languages (tests; the app loads one language: ./i18nProvider.ts). */
export { convertRaMessages } from './raConvert';
export { raEnglish } from './raEnglish';
export { raRussian } from './raRussian';
