import type { CatalogueOf } from '../catalogue';
import type { ru } from '../ru';
import { breadcrumbs } from './breadcrumbs';
import { common } from './common';
import { consent } from './consent';
import { errors } from './errors';
import { header } from './header';
import { menu } from './menu';
import { learner } from './learner';
import { notifications } from './notifications';
import { chat } from './chat';

/** The English catalogue (fallback language), typed against the Russian one. */
export const en: CatalogueOf<typeof ru> = {
  app: { common, menu, header, consent, errors, breadcrumbs, learner, notifications, chat },
};
