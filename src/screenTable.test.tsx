import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { hasPage, screenAt, screens, type Screen } from '../shared/screens';
import { learnerRoutes } from './App';
import { menuEntries } from './layout/menuDefinition';
import { courseMenu } from './resources/courses/menu';
import { resourceRoutes, resources } from './resources';

/** The full paths of the routes a <Routes> tree of <Route> elements declares under `prefix`. */
function routePaths(node: ReactNode, prefix: string, out: string[]): void {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const { path, index, children } = (child as ReactElement<{ path?: string; index?: boolean; children?: ReactNode }>).props;
    const full = path ? `${prefix}/${path}` : prefix;
    if (path || index) out.push(full);
    if (children) routePaths(children, full, out);
  });
}

/** Every path the client's router has a page at (the shell's routes and each resource's, loaded). */
async function clientPages(): Promise<string[]> {
  const out = [...learnerRoutes.map((r) => r.path), ...resourceRoutes.map((r) => r.path)];
  for (const resource of resources) {
    const entry = await resource.load();
    const base = `/${entry.name}`;
    if (entry.list) out.push(base);
    if (entry.create) out.push(`${base}/create`);
    if (entry.edit) out.push(`${base}/:id`);
    if (entry.show) out.push(`${base}/:id/show`);
    routePaths(entry.children, base, out);
  }
  return out;
}

const shape = (path: string) => path.replace(/:\w+/g, ':');
const rows = Object.entries(screens) as [string, Screen][];

describe('the screen table (shared/screens.ts) and the router', () => {
  it('has a page for every screen it does not mark planned or redirect, and no page it does not list', async () => {
    const pages = await clientPages();
    const pageShapes = pages.map(shape);
    expect(new Set(pageShapes).size, 'two routes for one path').toBe(pageShapes.length);
    const expected = rows.filter(([path]) => hasPage(path)).map(([path]) => shape(path));
    expect([...pageShapes].sort()).toEqual([...expected].sort());
    for (const page of pages) expect(screenAt(page)?.path && shape(screenAt(page)!.path)).toBe(shape(page));
  }, 60_000);

  it('leads every redirect to a page', () => {
    for (const [path, screen] of rows) if (screen.redirect) expect(hasPage(screen.redirect), path).toBe(true);
  });

  it('offers menu entries and course page links only to pages', () => {
    for (const entry of menuEntries) if (!entry.external && !entry.action) expect(screenAt(entry.path), entry.path).not.toBeNull();
    for (const item of courseMenu) expect(hasPage(`/courses/:courseId/${item.path}`), item.path).toBe(true);
  });

  it('prefers a literal segment to a parameter, and guards unknown paths by their nearest screen', () => {
    expect(screenAt('/courses/list')?.path).toBe('/courses/list');
    expect(screenAt('/courses/12')?.path).toBe('/courses/:courseId');
    expect(screenAt('/courses/12/visit-journal/DIGITALCODE')?.path).toBe('/courses/:courseId/visit-journal/digitalCode');
    expect(screenAt('/courses/12/nonsense')).toBeNull();
  });
});
