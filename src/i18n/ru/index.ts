import { breadcrumbs } from './breadcrumbs';
import { common } from './common';
import { consent } from './consent';
import { errors } from './errors';
import { header } from './header';
import { menu } from './menu';
import { learner } from './learner';
import { notifications } from './notifications';
import { chat } from './chat';

/**
 * The shell's Russian catalogue (`app.*`): the reference shape English is typed against.
 * Resource texts (`resources.<name>.*` and their namespaces) live in src/resources/i18n.ts; the pages
 * beside the learning journey (knowledge base, attendance code, physmath, sync) in ../pages/, which
 * loads with them (../lazyTexts.ts).
 */
export const ru = {
  app: { common, menu, header, consent, errors, breadcrumbs, learner, notifications, chat },
};
