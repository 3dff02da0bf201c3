import russianMessages from 'ra-language-russian';
import { convertRaMessages } from './raConvert';

type Messages = { [key: string]: string | Messages };

/** react-admin's own Russian texts in the catalogue's form; ra.guesser is missing from ra-language-russian. */
export const raRussian: Messages = convertRaMessages(russianMessages as unknown as Messages, 'russian');
(raRussian.ra as Messages).guesser = {
  empty: { title: 'Нет данных для отображения', message: 'Проверьте источник данных' },
};
