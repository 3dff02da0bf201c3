import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { identityUsers } from '../schema/index.js';
import { hashPassword } from '../../auth/password.js';
import { FLAGS } from '../../../shared/permissions.js';
import { seedNews } from './news.js';
import { seedKnowledgeBase } from './knowledgeBase.js';
import { seedCourses } from './courses.js';
import { seedPrograms } from './programs.js';
import { seedQuestions } from './questions.js';
import { seedSlides } from './slides.js';
import { seedLti } from './lti.js';
import { seedScorm } from './scorm.js';
import { seedReflection } from './reflection.js';
import { seedProfileGroups } from './profile.js';
import { seedHistory } from './history.js';
import { seedDictionaries } from './attributes.js';
import { seedAnalyticsCourse } from './analytics.js';
import { DiskStorage, storageFor, storageRoot, type Storage } from '../../files/storage.js';
import { loadConfig } from '../../config.js';
import { embeddedIssuer } from '../../auth/provider.js';

/** The demo accounts of ARCHITECTURE §5 (password "demo" for all). */
export const DEMO_ACCOUNTS = [
  { login: 'student@example.com', role: 'Students', flags: [] as string[], firstName: 'Анна', lastName: 'Студентова', accessToPhysical: true, description: 'Students' },
  { login: 'student2@example.com', role: 'Students', flags: [], firstName: 'Борис', lastName: 'Учеников', accessToPhysical: false, description: 'Students' },
  { login: 'instructor@example.com', role: 'Instructors', flags: [...FLAGS], firstName: 'Ирина', lastName: 'Преподавателева', accessToPhysical: false, description: 'Instructors, every flag' },
  { login: 'teacher@example.com', role: 'Instructors', flags: [], firstName: 'Тимур', lastName: 'Учителев', accessToPhysical: false, description: 'Instructors, no flag' },
  { login: 'root@example.com', role: 'Root', flags: [], firstName: 'Роман', lastName: 'Администратов', accessToPhysical: false, description: 'Root' },
  // one person with two accounts (a university e-mail and an old personal one): the profile merge's demo
  { login: 'graduate@example.com', role: 'Students', flags: [], firstName: 'Глеб', lastName: 'Выпускников', accessToPhysical: false, description: 'Students, same person as gleb.old@' },
  { login: 'gleb.old@example.com', role: 'Students', flags: [], firstName: 'Глеб', lastName: 'Выпускников', accessToPhysical: false, description: 'Students, same person as graduate@' },
] as const;

/**
 * Seeds demo data once (first start of the embedded default). Returns true when
 * it seeded, false when the data was already there.
 */
export async function seedDemo(
  db: Db,
  /** issuer: the embedded provider's, to pre-create the demo accounts (default http://localhost:3000/oidc); null for an external provider */
  options: { storage?: Storage; issuer?: string | null } = {},
): Promise<boolean> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(identityUsers);
  if ((existing[0]?.n ?? 0) > 0) return false;
  const hash = await hashPassword('demo');
  await db.insert(identityUsers).values(
    DEMO_ACCOUNTS.map((a) => ({
      login: a.login,
      passwordHash: hash,
      email: a.login,
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
      flags: [...a.flags],
      accessToPhysical: a.accessToPhysical,
      emailVerified: true,
    })),
  );
  await seedNews(db);
  await seedKnowledgeBase(db);
  // programs → questions → slides (each returns the ids the next one builds on)
  const programs = await seedPrograms(db);
  // sample media of the slides go to the configured storage (disk or S3)
  const questions = await seedQuestions(db, programs.programId);
  const storage = options.storage ?? (await storageFor(loadConfig()));
  await seedSlides(db, storage, programs, questions);
  await seedReflection(db, programs);
  await seedProfileGroups(db);
  await seedDictionaries(db);
  // SCORM packages are served from the local disk whatever the storage
  await seedScorm(db, storage.kind === 'disk' ? storage : new DiskStorage(storageRoot(loadConfig())), programs);
  // a sample external tool (example.org addresses) and an exercise in it
  await seedLti(db, programs);
  // running courses of the demo program, taught by the demo instructor, and a course group
  const seeded = await seedCourses(db, { issuer: options.issuer === undefined ? embeddedIssuer({ publicUrl: 'http://localhost:3000' }) : options.issuer, programId: programs.programId });
  await seedHistory(db, seeded);
  // a course of thirty made-up students with activity, for the analytics screens
  await seedAnalyticsCourse(db, seeded, programs);
  return true;
}
