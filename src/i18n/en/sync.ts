import type { CatalogueOf } from '../catalogue';
import type { sync as ru } from '../ru/sync';

export const sync: CatalogueOf<typeof ru> = {
  default: 'Synchronising your account data…',
  waiting: 'Synchronisation is taking longer than usual. Please wait.',
  tooLong: 'Synchronisation is taking too long. Try again or contact technical support.',
  tryAgain: 'Try again',
  contactSupport: 'Contact technical support',
};
