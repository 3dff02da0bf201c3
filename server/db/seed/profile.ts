import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { attributeGroups, attributes } from '../schema/index.js';

/**
 * A demo group of profile attributes (a page of the profile, /profile/{attributeGroupId}): the
 * demo attribute the attributes question asks (seeded with the slides) and one more.
 * Order in seedDemo: after the slides.
 */
export async function seedProfileGroups(db: Db): Promise<void> {
  const [group] = await db
    .insert(attributeGroups)
    .values({ label: 'Работа и учёба', description: 'Где вы работаете и учитесь', sequence: 1 })
    .returning();
  await db.update(attributes).set({ attributeGroupId: group.id, sequence: 1 }).where(eq(attributes.name, 'demo_workplace'));
  await db.insert(attributes).values({ type: 1, label: 'Учебное заведение', name: 'demo_school', attributeGroupId: group.id, sequence: 2, max: 200 });
}
