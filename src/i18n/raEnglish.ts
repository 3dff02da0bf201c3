import englishMessages from 'ra-language-english';
import { convertRaMessages } from './raConvert';

type Messages = { [key: string]: string | Messages };

/** react-admin's own English texts in the catalogue's form. */
export const raEnglish: Messages = convertRaMessages(englishMessages as unknown as Messages, 'english');
