import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, notifications } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Course mailings over real SMTP: an smtp-server on loopback receives what ELP sends through
 * nodemailer (automatic "enrolled" rule and a manual mailing), and refuses one address to show
 * the retries and the failed status.
 */
interface Received {
  to: string[];
  subject: string;
  html: string;
  text: string;
}
const received: Received[] = [];
const refusedTries: string[] = [];
const REFUSED = 'bounce@test.local';

/** Decodes RFC 2047 words (=?UTF-8?B|Q?…?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
}
function qp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
/** The decoded body of the part with this content type. */
function part(raw: string, type: string): string {
  const m = new RegExp(`Content-Type: ${type}[^]*?Content-Transfer-Encoding: ([\\w-]+)\\r?\\n\\r?\\n([^]*?)(\\r?\\n--|$)`, 'i').exec(raw);
  if (!m) return '';
  const enc = m[1].toLowerCase();
  return enc === 'base64' ? Buffer.from(m[2].replace(/\s+/g, ''), 'base64').toString('utf8') : enc === 'quoted-printable' ? qp(m[2]) : m[2];
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) {
      refusedTries.push(address.address);
      return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeHeader(subject), html: part(raw, 'text/html'), text: part(raw, 'text/plain') });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ELP <no-reply@elp.test>', MAIL_POLL_SECONDS: '0.2', MAIL_RETRY_SECONDS: '0.1', MAIL_MAX_ATTEMPTS: '3' });
const { call, seedProgram, createCourse } = courseHelpers(t);
const M = (courseId: number) => `/api/instructors/trainings/${courseId}/mailings`;

async function until<T>(what: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const lettersTo = (email: string) => received.filter((r) => r.to.includes(email));

let owner: SignedIn, ru: SignedIn, en: SignedIn, bounce: SignedIn;
let courseId: number;

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'ms-owner@test.local' });
  ru = await t.signIn('Students', { email: 'ms-ru@test.local', firstName: 'Анна', lastName: 'Петрова' });
  en = await t.signIn('Students', { email: 'ms-en@test.local', firstName: 'Ann', lastName: 'Smith' });
  bounce = await t.signIn('Students', { email: REFUSED });
  await t.db.update(accounts).set({ language: 'en' }).where(eq(accounts.id, en.accountId));
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Физика & Co' })).id;
});

describe('over SMTP', () => {
  it('an automatic "enrolled" rule mails each included student, in their language, with the course fields filled in', async () => {
    const rule = await call(owner, 'POST', M(courseId), { kind: 'auto', trigger: 'enrolled', subject: 'Добро пожаловать, {student}!', body: '<p>Курс {course} ждёт вас.</p><script>alert(1)</script>' });
    expect(rule.statusCode, rule.body).toBe(201);
    const inc = await call(owner, 'POST', `/api/instructors/students/training/${courseId}/include`, { emails: 'ms-ru@test.local ms-en@test.local' });
    expect(inc.statusCode, inc.body).toBe(200);

    const [toRu] = await until(async () => lettersTo('ms-ru@test.local').length > 0 && lettersTo('ms-ru@test.local'));
    const [toEn] = await until(async () => lettersTo('ms-en@test.local').length > 0 && lettersTo('ms-en@test.local'));
    expect(toRu.subject).toBe('Добро пожаловать, Анна Петрова!');
    expect(toEn.subject).toBe('Добро пожаловать, Ann Smith!');
    // the course label is escaped in HTML, the script was removed when the rule was saved
    expect(toRu.html).toContain('<p>Курс Физика &amp; Co ждёт вас.</p>');
    expect(toRu.html).not.toContain('<script');
    expect(toRu.html).toContain('Вы получили это письмо как участник курса');
    expect(toEn.html).toContain('You received this letter as a participant of the course');
    expect(toEn.html).toContain('http://localhost:3000/profile');
    expect(toEn.text).toContain('Курс Физика & Co ждёт вас.');

    const status = await until(async () => {
      const res = await call(owner, 'GET', `${M(courseId)}/${rule.json().id}/recipients`);
      const rows = res.json() as { accountId: number; status: string }[];
      return rows.length === 2 && rows.every((r) => r.status === 'sent') && rows;
    });
    expect(status.map((r) => r.accountId).sort()).toEqual([ru.accountId, en.accountId].sort());
    // an in-app notification per recipient, as a message key
    const inApp = await t.db.select().from(notifications).where(eq(notifications.accountId, en.accountId));
    expect(inApp.some((n) => n.text === 'mailings.notification' && n.params.subject === 'Добро пожаловать, Ann Smith!')).toBe(true);

    // including them again (already studying) mails nobody a second time
    await call(owner, 'POST', `/api/instructors/students/training/${courseId}/include`, { emails: 'ms-ru@test.local' });
    await new Promise((r) => setTimeout(r, 600));
    expect(lettersTo('ms-ru@test.local')).toHaveLength(1);
  });

  it('a manual mailing: preview, send now, every studying student gets it once; sending again is refused', async () => {
    const created = await call(owner, 'POST', M(courseId), { kind: 'manual', label: 'Новость', subject: 'Новость курса {course}', body: '<p>Здравствуйте, {student}. Старт: {startDate}.</p>' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().state).toBe('draft');

    const preview = await call(owner, 'POST', `${M(courseId)}/preview`, { subject: 'Новость курса {course}', body: '<p>Здравствуйте, {student}.</p>' }, { 'accept-language': 'en' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe('Новость курса Физика & Co');
    expect(preview.json().html).toContain('Здравствуйте, John Smith.');
    expect(received.filter((r) => r.subject.startsWith('Новость'))).toHaveLength(0);

    const sent = await call(owner, 'POST', `${M(courseId)}/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().state).toBe('scheduled');
    const letters = await until(async () => {
      const got = received.filter((r) => r.subject === 'Новость курса Физика & Co');
      return got.length === 2 && got;
    });
    expect(letters.flatMap((l) => l.to).sort()).toEqual(['ms-en@test.local', 'ms-ru@test.local']);
    expect(letters.find((l) => l.to[0] === 'ms-ru@test.local')!.html).toContain('Здравствуйте, Анна Петрова.');
    const after = await until(async () => {
      const res = await call(owner, 'GET', `${M(courseId)}/${id}`);
      const m = res.json() as { state: string; counts: { sent?: number }; sentAt: string | null };
      return m.state === 'sent' && m.counts.sent === 2 && m;
    });
    expect(after.sentAt).not.toBeNull();

    const again = await call(owner, 'POST', `${M(courseId)}/${id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('MailingAlreadySent');
    await new Promise((r) => setTimeout(r, 500));
    expect(received.filter((r) => r.subject === 'Новость курса Физика & Co')).toHaveLength(2);
  });

  it('a refused recipient is retried with back-off and then shown as failed; the others are delivered', async () => {
    // the "enrolled" rule of the first test, switched off, mails the new student nothing
    const [rule] = (await call(owner, 'GET', `${M(courseId)}?kind=auto`)).json() as { id: number; subject: string; body: string }[];
    const off = await call(owner, 'PUT', `${M(courseId)}/${rule.id}`, { kind: 'auto', trigger: 'enrolled', subject: rule.subject, body: rule.body, isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    await call(owner, 'POST', `/api/instructors/students/training/${courseId}/include`, { emails: REFUSED });
    const created = await call(owner, 'POST', M(courseId), { kind: 'manual', subject: 'Важно', body: '<p>Текст</p>' });
    const id = created.json().id as number;
    expect((await call(owner, 'POST', `${M(courseId)}/${id}/send`, {})).statusCode).toBe(200);
    const rows = await until(async () => {
      const res = await call(owner, 'GET', `${M(courseId)}/${id}/recipients`);
      const list = res.json() as { accountId: number; status: string; attempts: number; error: string | null }[];
      return list.length === 3 && list.every((r) => r.status === 'sent' || r.status === 'failed') && list;
    });
    const failed = rows.find((r) => r.accountId === bounce.accountId)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.error).toContain('Mailbox unavailable');
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(refusedTries).toHaveLength(3);
    const mailing = (await call(owner, 'GET', `${M(courseId)}/${id}`)).json();
    expect(mailing.counts).toEqual({ sent: 2, failed: 1 });
  });
});
