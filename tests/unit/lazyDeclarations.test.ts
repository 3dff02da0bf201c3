import { describe, expect, it, vi } from 'vitest';
import { declarations, declarationGroups } from '../../shared/resources';
import { createDataProvider, createHttpClient } from '../../src/dataProvider';

/**
 * Resources declared in modules that load on first use keep a student's first load small; the
 * dataProvider knows them by name and loads their module when a screen first asks for one.
 */
describe('resources declared on first use', () => {
  it.each(declarationGroups.map((g, i) => [i, g] as const))('group %i: the names are those its module declares, and no eager one', async (_i, group) => {
    const loaded = await group.load();
    expect(loaded.map((d) => d.name).sort()).toEqual([...group.names].sort());
    for (const name of group.names) expect(declarations.map((d) => d.name)).not.toContain(name);
  });

  it('the dataProvider loads the declaration on first use and maps the call (a course group list, paged in the browser)', async () => {
    const urls: string[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      const groups = [2, 1, 3].map((id) => ({ id, courseId: 5, label: `Группа ${id}`, lead: null, studentsCount: id }));
      return new Response(JSON.stringify(groups));
    });
    const dp = createDataProvider({ httpClient: createHttpClient(fetchImpl as unknown as typeof fetch) });
    const page = await dp.getList('groups', { pagination: { page: 1, perPage: 2 }, sort: { field: 'label', order: 'ASC' }, filter: {}, meta: { scope: { courseId: 5 } } });
    expect(urls).toEqual(['/api/instructors/trainings/5/groups']);
    expect(page).toEqual({
      total: 3,
      data: [
        { id: 1, label: 'Группа 1', lead: null, leadName: null, studentsCount: 1 },
        { id: 2, label: 'Группа 2', lead: null, leadName: null, studentsCount: 2 },
      ],
    });
    await expect(dp.getList('no-such-resource', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(/Unknown resource/);
  });
});
