import type { CatalogueOf } from '../catalogue';
import type { consent as ru } from '../ru/consent';

export const consent: CatalogueOf<typeof ru> = {
  cookies: {
    title: 'Cookies',
    text: 'We use cookies to make the platform work properly and conveniently. By continuing to use the site you agree to the processing of personal data.',
    accept: 'Accept',
    more: 'More...',
    dismiss: 'Hide',
  },
  personalData: {
    title: 'Consent to the processing of personal data',
    paragraphs: {
      p1: 'By using the platform you consent to the processing of your personal data: last name, first name, middle name, e-mail address, phone number, learning records and technical data (cookies, IP address, browser details).',
      p2: 'The data are processed to organise learning, record results, contact you and improve the platform. Processing includes collecting, recording, storing, updating, using and deleting the data.',
      p3: 'The consent is valid until you withdraw it. You can withdraw it by writing to technical support.',
    },
  },
  disclaimer: {
    title: 'New platform design',
    text: 'You are using the new version of the platform. If something does not work the way you are used to, please write to technical support.',
    dismiss: 'Got it',
  },
};
