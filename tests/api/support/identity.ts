import { randomBytes } from 'node:crypto';
import type { Db } from '../../../server/db/client.js';
import { identityUsers } from '../../../server/db/schema/index.js';
import { hashPassword } from '../../../server/auth/password.js';

/** A user of the embedded provider (password "demo" unless given); the login is unique per call. */
export async function addIdentityUser(
  db: Db,
  o: { login?: string; password?: string; emailVerified?: boolean; role?: string } = {},
): Promise<{ id: number; login: string }> {
  const login = o.login ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db
    .insert(identityUsers)
    .values({
      login,
      passwordHash: await hashPassword(o.password ?? 'demo'),
      email: login,
      firstName: 'Тест',
      lastName: 'Пользователь',
      role: o.role ?? 'Students',
      emailVerified: o.emailVerified ?? true,
    })
    .returning({ id: identityUsers.id });
  return { id: row.id, login };
}
