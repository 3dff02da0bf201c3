import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { attributeGroups, attributes, dictionaries, dictionaryEntries, hierarchies, hierarchyNodes } from '../schema/index.js';

/**
 * A demo dictionary and hierarchy with an attribute on each, on the profile's "Работа и учёба"
 * page: a reference attribute choosing from the dictionary, a hierarchy attribute with the tree
 * picker. Order in seedDemo: after the profile groups.
 */
export async function seedDictionaries(db: Db): Promise<void> {
  await db.insert(dictionaries).values({ id: 'study-forms', label: 'Формы обучения' });
  await db.insert(dictionaryEntries).values([
    { dictionaryId: 'study-forms', id: 'full-time', label: 'Очная', sequence: 1 },
    { dictionaryId: 'study-forms', id: 'part-time', label: 'Очно-заочная', sequence: 2 },
    { dictionaryId: 'study-forms', id: 'extramural', label: 'Заочная', sequence: 3 },
  ]);
  await db.insert(hierarchies).values({ id: 'departments', label: 'Подразделения' });
  await db.insert(hierarchyNodes).values([
    { hierarchyId: 'departments', id: 'physmath', parentId: null, text: 'Физико-математический факультет', sequence: 1 },
    { hierarchyId: 'departments', id: 'physmath-algebra', parentId: 'physmath', text: 'Кафедра алгебры', sequence: 1 },
    { hierarchyId: 'departments', id: 'physmath-physics', parentId: 'physmath', text: 'Кафедра общей физики', sequence: 2 },
    { hierarchyId: 'departments', id: 'humanities', parentId: null, text: 'Гуманитарный факультет', sequence: 2 },
    { hierarchyId: 'departments', id: 'humanities-history', parentId: 'humanities', text: 'Кафедра истории', sequence: 1 },
  ]);
  const [group] = await db.select({ id: attributeGroups.id }).from(attributeGroups).where(eq(attributeGroups.label, 'Работа и учёба'));
  await db.insert(attributes).values([
    { type: 50, label: 'Форма обучения', name: 'demo_study_form', dictionaryId: 'study-forms', attributeGroupId: group?.id ?? null, sequence: 3 },
    { type: 60, label: 'Подразделение', name: 'demo_department', hierarchyId: 'departments', attributeGroupId: group?.id ?? null, sequence: 4 },
  ]);
}
