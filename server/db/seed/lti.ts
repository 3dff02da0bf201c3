import type { Db } from '../client.js';
import { exercises, ltiLinks, ltiTools } from '../schema/index.js';
import type { SeededPrograms } from './programs.js';

/**
 * A sample external tool (LTI 1.3) registration and an external tool exercise linked to it, in the
 * demo program's second lesson after the SCORM exercise: the tools screen and the exercise's form
 * have something to show. Every address is on example.org — a sample, not a working tool: its
 * launch goes to a page that is not there.
 */
export async function seedLti(db: Db, seeded: SeededPrograms): Promise<number> {
  const [tool] = await db
    .insert(ltiTools)
    .values({
      name: 'Виртуальная лаборатория (пример)',
      clientId: 'elp-demo-lab',
      deploymentId: 'elp-demo',
      loginUrl: 'https://lab.example.org/lti/login',
      targetLinkUri: 'https://lab.example.org/lti/launch',
      redirectUris: ['https://lab.example.org/lti/launch'],
      jwksUrl: 'https://lab.example.org/lti/keys',
      presentation: 'window',
    })
    .returning({ id: ltiTools.id });
  const [row] = await db
    .insert(exercises)
    .values({
      programId: seeded.programId,
      lessonId: seeded.lessonIds[1],
      kind: 'lti',
      label: 'Лабораторная работа во внешнем инструменте (пример)',
      description: 'Пример упражнения во внешнем инструменте LTI 1.3: оценку присылает сам инструмент',
      exerciseType: 30,
      sequence: 3,
      availabilityRule: 99,
      completionCondition: 20,
    })
    .returning({ id: exercises.id });
  await db.insert(ltiLinks).values({ exerciseId: row.id, toolId: tool.id, url: null, title: 'Виртуальная лаборатория', presentation: null });
  return row.id;
}
