import AutoStories from '@mui/icons-material/AutoStories';
import Class from '@mui/icons-material/Class';
import FeedIcon from '@mui/icons-material/Feed';
import { createElement, isValidElement, lazy, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { resourceLabel } from '../../shared/resources/define';
import { instructorNews } from '../../shared/resources/news';
import type { ResourceEntry, ResourceRoute } from './factory/resourceFromDeclaration';
import { NotFoundPage } from '../errors/NotFoundPage';
import { loadLazyTexts } from '../i18n/lazyTexts';
import { screens, type Screen as ScreenRow } from '../../shared/screens';
import type { ResourcePaths } from './factory/paths';
import { declaredRoutes, lazyRoute } from './lazyRoutes';
import { NEWS_PATHS } from './news/paths';
import { questionBankRoutePaths } from './questions/paths';

export type { ResourceEntry, ResourceRoute } from './factory/resourceFromDeclaration';

/**
 * The admin resources App.tsx declares as <Resource>s (ARCHITECTURE §4: one folder each, its
 * index exporting the entry). A student must not download them, so this file stays light: each
 * resource is declared here by its name, label, icon and flags (eager: menus, breadcrumbs and
 * permissions read them), and its screens load on demand, one chunk per resource folder.
 * A resource's path is `/<name>`; the shared permission table guards it like any page.
 * src/resources/lazyResources.test.tsx checks these declarations against the loaded entries.
 */

type Screen = ResourceEntry['list'];
const element = (screen: Screen): ReactElement | null =>
  isValidElement(screen) ? screen : screen ? createElement(screen as ComponentType) : null;

/**
 * A loaded resource's screens as one component: the routes <Resource> makes of them, each at its
 * exact path, and the not-found page for any other path below the resource (/courses/1/nonsense).
 */
function resourceScreens({ list, create, edit, show, children }: ResourceEntry): ComponentType {
  return function ResourceScreens() {
    return (
      <Routes>
        {create && <Route path="create" element={element(create)} />}
        {show && <Route path=":id/show" element={element(show)} />}
        {edit && <Route path=":id" element={element(edit)} />}
        {list && <Route index element={element(list)} />}
        {children}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    );
  };
}

/**
 * A resource whose screens load on first visit: react-admin's list route (`/<name>/*`) renders
 * the loaded resource's own routes. `hasCreate`/`hasEdit`/`hasShow` tell react-admin up front.
 */
export type LazyResourceMeta = Omit<ResourceEntry, 'list' | 'create' | 'edit' | 'show' | 'children'>;
export function lazyResource(meta: LazyResourceMeta, load: () => Promise<ResourceEntry>): ResourceEntry & { load: () => Promise<ResourceEntry> } {
  return { ...meta, list: lazy(async () => ({ default: resourceScreens((await Promise.all([load(), loadLazyTexts()]))[0]) })), load };
}

const loadNews = () => import('./news').then((m) => m.news);

export const resources = [
  lazyResource(
    { name: instructorNews.name, icon: FeedIcon, options: { label: resourceLabel(instructorNews) }, recordRepresentation: instructorNews.ui.recordRepresentation },
    () => loadNews().then((n) => n.entry),
  ),
  lazyResource(
    // names and labels written out: the declarations load with the screens (not in a learner's first load)
    { name: 'programs', icon: AutoStories, options: { label: 'resources.programs.name' }, recordRepresentation: 'label', hasCreate: true },
    () => import('./programs').then((m) => m.programs),
  ),
  lazyResource(
    { name: 'courses', icon: Class, options: { label: 'resources.courses.name' }, recordRepresentation: 'label', hasCreate: true },
    () => import('./courses').then((m) => m.courses),
  ),
  // enrolment and expulsion applications: their declarations load with their screens
  lazyResource({ name: 'applications-enrollment', options: { label: 'resources.applications-enrollment.name' }, recordRepresentation: 'name' }, () =>
    import('./applications').then((m) => m.enrolmentApplications.entry),
  ),
  lazyResource({ name: 'applications-expulsion', options: { label: 'resources.applications-expulsion.name' }, recordRepresentation: 'name' }, () =>
    import('./applications').then((m) => m.expulsionApplications.entry),
  ),
];

const loadNewsRoutes = () => loadNews().then((n) => n.routes);
const loadQuestionBankRoutes = () => import('./questions').then((m) => m.questionBankRoutes);
const loadAttributeTemplateRoutes = () => import('./attributeTemplates/AttributeTemplateCreatePage').then((m) => m.attributeTemplateRoutes);
const loadConditionTemplateRoutes = () => import('./conditions/TemplateCreatePage').then((m) => m.conditionTemplateRoutes);

/**
 * Screens at the resources' own spec paths (News: /instructors/news/create and
 * /instructors/news/edit/:id; the question banks and the expulsion templates under /resources):
 * render inside <CustomRoutes> (with the layout).
 */
export const resourceRoutes: ResourceRoute[] = [
  lazyRoute(NEWS_PATHS.create, loadNewsRoutes),
  lazyRoute(NEWS_PATHS.edit, loadNewsRoutes),
  ...questionBankRoutePaths.map((path) => lazyRoute(path, loadQuestionBankRoutes)),
  lazyRoute('/attribute-template/create', loadAttributeTemplateRoutes),
  lazyRoute('/conditions-template/create', loadConditionTemplateRoutes),
  // the default screens of declared resources, at the screen table's rows that name them
  ...declaredScreens().flatMap(([name, paths]) => declaredRoutes(name, paths)),
];

/** The screen table's rows of declared resources, as each resource's paths. */
function declaredScreens(): [string, ResourcePaths & { list: string }][] {
  const byName = new Map<string, ResourcePaths>();
  for (const [path, screen] of Object.entries(screens) as [string, ScreenRow][]) {
    if (!screen.declared) continue;
    const { resource, view } = screen.declared;
    byName.set(resource, { ...byName.get(resource), [view]: path });
  }
  return [...byName].flatMap(([name, paths]) => (paths.list ? [[name, { ...paths, list: paths.list }] as [string, ResourcePaths & { list: string }]] : []));
}
