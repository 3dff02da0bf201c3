import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountState } from '../../tests/unit/support/account';
import { renderShell } from '../../tests/unit/support/shell';
import { resourceRoutes, resources } from '.';

/**
 * The admin resources are declared light and load their screens on demand: the eager
 * declaration must say what the loaded entry says (name, label, icon, representation, which
 * screens exist), or menus and buttons would disagree with the screens.
 */
describe('lazy admin resources', () => {
  it.each(resources.map((r) => [r.name, r] as const))('%s: the declaration matches the loaded entry', async (_name, declared) => {
    const loaded = await declared.load();
    expect(declared.name).toBe(loaded.name);
    expect(declared.icon).toBe(loaded.icon);
    expect(declared.options).toEqual(loaded.options);
    expect(declared.recordRepresentation).toEqual(loaded.recordRepresentation);
    expect(!!declared.hasCreate).toBe(!!loaded.create);
    expect(!!declared.hasEdit).toBe(!!loaded.edit);
    expect(!!declared.hasShow).toBe(!!loaded.show);
    expect(loaded.list).toBeTruthy();
  });

  it('declares the news screens at their own paths', () => {
    expect(resourceRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/instructors/news/create', '/instructors/news/edit/:id']));
  });

  it('declares the question banks at the spec paths under /resources, and no resource named "resources"', () => {
    expect(resourceRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/resources', '/resources/closed-questions/create', '/resources/code-questions/:id/edit']));
    expect(resources.map((r) => r.name)).not.toContain('resources');
  });
});

describe('a lazy resource screen in the shell', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 }))));
  afterEach(() => vi.unstubAllGlobals());

  it('loads a sub-route of a resource (the news create screen) on first visit', async () => {
    await renderShell('/instructors/news/create', accountState('Instructors', { permissions: ['TrainingSettings'] }));
    expect(await screen.findByRole('button', { name: /сохранить/i }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).toBeNull();
  });

  it('loads the question banks at /resources on first visit; an unknown sub-path is not found', async () => {
    const instructor = accountState('Instructors', { permissions: ['TrainingSettings'] });
    const view = await renderShell('/resources/closed-questions/create', instructor);
    expect(await screen.findByRole('button', { name: /сохранить/i }, { timeout: 20_000 })).toBeInTheDocument();
    view.unmount();
    await renderShell('/resources/no-such-screen', instructor);
    expect(await screen.findByTestId('not-found', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it.each([
    ['/courses/5/groups', '/courses/5/student-management/groups'],
    ['/courses/5/import', '/courses/5/student-management/import'],
  ])("leads the spec's path %s to the screen's own path %s", async (path, target) => {
    const view = await renderShell(path, accountState('Instructors', { permissions: ['ShowStudents'] }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe(target), { timeout: 20_000 });
  });

  it.each(['/courses/1/no-such-screen', '/courses/list/more', '/programs/1/edit/more', '/programs/no/such/screen', '/instructors-news/1/more'])(
    'an unknown sub-path of a resource is not found, not its list: %s',
    async (path) => {
      const instructor = accountState('Instructors', { permissions: ['TrainingSettings'] });
      await renderShell(path, instructor);
      expect(await screen.findByTestId('not-found', {}, { timeout: 20_000 })).toBeInTheDocument();
    },
  );
});
