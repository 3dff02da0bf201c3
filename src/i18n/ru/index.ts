import { breadcrumbs } from './breadcrumbs';
import { common } from './common';
import { consent } from './consent';
import { errors } from './errors';
import { header } from './header';
import { menu } from './menu';
import { sync } from './sync';
import { welcome } from './welcome';
import { learner } from './learner';
import { attendance } from './attendance';
import { physmath } from './physmath';
import { notifications } from './notifications';
import { knowledgeBase } from './knowledgeBase';
import { chat } from './chat';

/**
 * The shell's Russian catalogue (`app.*`): the reference shape English is typed against.
 * Resource texts (`resources.<name>.*` and their namespaces) live in src/resources/i18n.ts.
 */
export const ru = {
  app: { common, menu, header, consent, errors, breadcrumbs, welcome, sync, learner, attendance, physmath, notifications, knowledgeBase, chat },
};
