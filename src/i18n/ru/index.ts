import { breadcrumbs } from './breadcrumbs';
import { common } from './common';
import { consent } from './consent';
import { errors } from './errors';
import { header } from './header';
import { menu } from './menu';
import { resources } from './resources';
import { sync } from './sync';
import { welcome } from './welcome';

/** The Russian catalogue: the reference shape every other language is typed against. */
export const ru = {
  app: { common, menu, header, consent, errors, breadcrumbs, welcome, sync },
  resources,
};
