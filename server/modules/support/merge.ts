import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { MergeCounts } from '../../../shared/calls/support.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Profile merge (spec 1 §2.9, issue 13 item 6): everything of the merged account moves to the
 * surviving one in one transaction. The spec states no conflict rule; ELP's:
 * - attempts all move, the merged account's renumbered after the surviving account's attempts of
 *   the same exercise (both kept in history; answers and evaluations follow their attempts);
 * - an exercise's progress: the better one survives (done before not done, then the higher score,
 *   then the further status), the other is dropped — its attempts stay in history;
 * - an enrolment in a course both are in: the surviving account's row stays, taking the other's
 *   studying status and group when its own is not studying, and the higher progress and final score;
 * - every other row naming the account (any table with a key to accounts) moves; a row that would
 *   duplicate one of the surviving account's (the same achievement kind, attribute value, course
 *   staff role, favourite…) stays with the merged account and is counted as superseded;
 * - the merged account keeps its sign-in (an empty profile) but loses its sessions and links.
 */

type Counts = Record<string, number>;

const count = async (tx: Db, query: ReturnType<typeof sql>): Promise<number> =>
  rowsOf<{ n: number }>(await tx.execute(sql`with x as (${query} returning 1) select count(*)::int as n from x`))[0]?.n ?? 0;

/** What a merge would move from the account. */
export async function mergeCounts(db: Db, accountId: number): Promise<MergeCounts> {
  const [r] = rowsOf<MergeCounts>(
    await db.execute(sql`select
      (select count(*)::int from enrolments where account_id = ${accountId}) as "enrolments",
      (select count(*)::int from attempts where account_id = ${accountId}) as "attempts",
      (select count(*)::int from answers a join attempts t on t.id = a.attempt_id where t.account_id = ${accountId}) as "answers",
      (select count(*)::int from certificates where student_id = ${accountId}) as "certificates",
      (select count(*)::int from achievements where account_id = ${accountId}) as "achievements",
      (select count(*)::int from attribute_values where account_id = ${accountId}) as "attributeValues"`),
  );
  return r;
}

/** Tables and columns holding a key to accounts (from the catalogue: a table added later is merged too). */
async function accountColumns(tx: Db): Promise<{ table: string; column: string }[]> {
  return rowsOf<{ table: string; column: string }>(
    await tx.execute(sql`select cl.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'accounts'::regclass and cardinality(c.conkey) = 1
      order by 1, 2`),
  );
}

/** Handled before the generic move, or not moved at all (the audit journal is never rewritten). */
const SPECIAL = new Set(['audit_log.account_id', 'attempts.account_id', 'exercise_progress.account_id', 'enrolments.account_id', 'sessions.account_id', 'account_links.main_account_id', 'account_links.linked_account_id']);

export async function mergeAccounts(tx: Db, survivor: number, merged: number): Promise<{ moved: Counts; superseded: Counts }> {
  const moved: Counts = {};
  const superseded: Counts = {};
  const S = survivor;
  const M = merged;

  // attempts: renumbered after the survivor's own (the unique key is account, course, exercise, number)
  moved.attempts = await count(
    tx,
    sql`update attempts a set account_id = ${S}, attempt_no = a.attempt_no + coalesce((select max(b.attempt_no) from attempts b where b.account_id = ${S} and b.course_id = a.course_id and b.exercise_id = a.exercise_id), 0) where a.account_id = ${M}`,
  );

  // exercise progress: the better row survives
  const better = (x: string, y: string) =>
    sql.raw(`((${x}.status in (4, 5))::int, coalesce(${x}.score, -1), ${x}.status) > ((${y}.status in (4, 5))::int, coalesce(${y}.score, -1), ${y}.status)`);
  await tx.execute(sql`update exercise_progress s set status = m.status, score = m.score, restarts = greatest(s.restarts, m.restarts),
      last_attempt_id = m.last_attempt_id, started_at = least(s.started_at, m.started_at), completed_at = m.completed_at, updated_at = now()
    from exercise_progress m
    where s.account_id = ${S} and m.account_id = ${M} and s.course_id = m.course_id and s.exercise_id = m.exercise_id and ${better('m', 's')}`);
  superseded.exercise_progress = await count(
    tx,
    sql`delete from exercise_progress m using exercise_progress s where m.account_id = ${M} and s.account_id = ${S} and s.course_id = m.course_id and s.exercise_id = m.exercise_id`,
  );
  moved.exercise_progress = await count(tx, sql`update exercise_progress set account_id = ${S} where account_id = ${M}`);

  // enrolments: one per course; the survivor's row takes the better of both
  await tx.execute(sql`update enrolments s set
      status = case when s.status <> 1 and m.status = 1 then m.status else s.status end,
      group_id = case when s.status <> 1 and m.status = 1 then m.group_id else s.group_id end,
      kicked_at = case when s.status <> 1 and m.status = 1 then null else s.kicked_at end,
      kick_reason = case when s.status <> 1 and m.status = 1 then null else s.kick_reason end,
      joined_at = least(s.joined_at, m.joined_at),
      completed = s.completed or m.completed,
      completed_at = coalesce(s.completed_at, m.completed_at),
      progress = greatest(s.progress, m.progress),
      final_score = greatest(s.final_score, m.final_score)
    from enrolments m where s.account_id = ${S} and m.account_id = ${M} and s.course_id = m.course_id`);
  superseded.enrolments = await count(tx, sql`delete from enrolments m using enrolments s where m.account_id = ${M} and s.account_id = ${S} and s.course_id = m.course_id`);
  moved.enrolments = await count(tx, sql`update enrolments set account_id = ${S} where account_id = ${M}`);

  // the merged account's sign-ins end; its links go (the survivor's family is not changed)
  await tx.execute(sql`delete from sessions where account_id = ${M}`);
  await tx.execute(sql`delete from account_links where main_account_id = ${M} or linked_account_id = ${M}`);

  for (const { table, column } of await accountColumns(tx)) {
    const key = `${table}.${column}`;
    if (SPECIAL.has(key)) continue;
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    try {
      // all at once when nothing collides (a savepoint: a unique violation undoes only this step)
      const n = await tx.transaction(async (sp) => count(sp as unknown as Db, sql`update ${t} set ${c} = ${S} where ${c} = ${M}`));
      if (n) moved[key] = n;
    } catch {
      // else row by row: what would duplicate a survivor's row stays with the merged account
      const ids = rowsOf<{ ctid: string }>(await tx.execute(sql`select ctid::text as ctid from ${t} where ${c} = ${M}`));
      for (const { ctid } of ids) {
        try {
          await tx.transaction(async (sp) => {
            await sp.execute(sql`update ${t} set ${c} = ${S} where ctid = ${ctid}::tid`);
          });
          moved[key] = (moved[key] ?? 0) + 1;
        } catch {
          superseded[key] = (superseded[key] ?? 0) + 1;
        }
      }
    }
  }
  return { moved, superseded };
}
