import type { BreadcrumbItemType } from '../../shared/calls/breadcrumbs';
import { hasPage } from '../../shared/screens';

export interface BreadcrumbItem {
  itemId: string;
  itemType: BreadcrumbItemType;
}

export interface Crumb {
  /** the path this crumb stands for */
  path: string;
  /** the literal segment (label key) or the raw id */
  segment: string;
  /** the id's item, which the breadcrumbs call names (an id without one gets no crumb) */
  item?: BreadcrumbItem;
  /** whether the crumb links to its path: only a screen of the screen table that has a page */
  link: boolean;
}

/**
 * After these segments, consecutive ids are these item types (ARCHITECTURE §1: a program is
 * a Course, a course is a Training, a course group a Set).
 */
const ID_CHAINS: Record<string, BreadcrumbItemType[]> = {
  programs: ['Course', 'Lesson', 'Exercise'],
  courses: ['Training', 'Lesson', 'Exercise'],
  course: ['Training', 'Lesson', 'Exercise'],
  'course-group': ['Set'],
  'course-folder': ['Set'],
  lesson: ['Lesson'],
};

/** Segments that only qualify the id after them; they get no crumb of their own. */
const QUALIFIERS = new Set(['course', 'course-folder', 'course-group', 'catalog', 'lesson', 'page']);

/** Lessons and exercises have no page of their own to link to. */
const UNLINKED_TYPES = new Set<BreadcrumbItemType>(['Lesson', 'Exercise']);

/** Crumbs whose own path is not a screen but stand for one elsewhere (spec 1 §2.9 spells news two ways). */
const CRUMB_TARGETS: Record<string, string> = {
  '/instructors/news': '/instructors-news',
};

const isId = (segment: string) => /^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment);

/** The crumbs of a path, the current page last. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const crumbs: Crumb[] = [];
  let chain: BreadcrumbItemType[] = [];
  let position = 0;
  segments.forEach((segment, i) => {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    if (isId(segment)) {
      const itemType = chain[position++];
      // an id the breadcrumbs call cannot name gets no crumb: a crumb shows a name, never a raw id
      if (itemType) crumbs.push({ path, segment, item: { itemId: segment, itemType }, link: !UNLINKED_TYPES.has(itemType) });
      return;
    }
    chain = ID_CHAINS[segment] ?? [];
    position = 0;
    if (QUALIFIERS.has(segment)) return;
    const target = CRUMB_TARGETS[path];
    crumbs.push({ path: target ?? path, segment, link: target !== undefined || hasPage(path) });
  });
  const last = crumbs.at(-1);
  if (last) last.link = false;
  return crumbs;
}
