import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dayProblem } from '../../../shared/days.js';
import { INVITATION_CODE_RE, InvitationErrorCode, invitationCalls as calls, type invitationInput, type InvitationRecord, parseDayEnd } from '../../../shared/calls/invitations.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import { courses, enrollmentApplications, enrolments, invitations } from '../../db/schema/index.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { loadCourse } from '../courses/access.js';
import { joinCourse } from '../catalogue/join.js';

registerMessages({
  ru: {
    'invite.notFound': 'Приглашение не найдено',
    'invite.expired': 'Приглашение действовало до {date}',
    'invite.unavailable': 'Приглашение недоступно',
    'invite.alreadyJoined': 'Вы уже в этом курсе',
    'invite.emailNotConfirmed': 'Курс требует подтверждения электронной почты. Подтвердите электронную почту!',
    'invite.badCode': 'Код: от 4 до 64 латинских букв, цифр, _ или -',
    'invite.codeTaken': 'Такой код уже используется',
    'invite.badDate': 'Дата в формате ДД/ММ/ГГГГ или ДД.ММ.ГГГГ',
    'invite.pastDate': 'Дата не может быть в прошлом',
  },
  en: {
    'invite.notFound': 'Invitation not found',
    'invite.expired': 'The invitation was valid until {date}',
    'invite.unavailable': 'The invitation is unavailable',
    'invite.alreadyJoined': 'You are already in this course',
    'invite.emailNotConfirmed': 'The course requires e-mail confirmation. Confirm your e-mail!',
    'invite.badCode': 'Code: 4 to 64 Latin letters, digits, _ or -',
    'invite.codeTaken': 'This code is already in use',
    'invite.badDate': 'Date as DD/MM/YYYY or DD.MM.YYYY',
    'invite.pastDate': 'The date cannot be in the past',
  },
});

const inviteNotFound = () => notFound('InvitationNotFound', { title: 'invite.notFound' });

type Invitation = typeof invitations.$inferSelect;
type Course = typeof courses.$inferSelect;

/** Checks an invitation is usable: expired → 400.2 with InvitationDate; course over/closed → 400.6. */
function assertUsable(inv: Invitation, course: Course, now = new Date()) {
  if (inv.expiryDate && inv.expiryDate.getTime() < now.getTime()) {
    const date = inv.expiryDate.toISOString();
    throw new AppError(400, InvitationErrorCode.expired, { title: 'invite.expired', vars: { date: date.slice(0, 10) }, extra: { InvitationDate: date } });
  }
  if ((course.end && course.end.getTime() < now.getTime()) || (course.close && course.close.getTime() < now.getTime())) {
    throw new AppError(400, InvitationErrorCode.unavailable, { title: 'invite.unavailable' });
  }
}

function preview(inv: Invitation, course: Course) {
  return {
    invitationId: inv.id,
    trainingId: course.id,
    courseId: course.id,
    code: inv.code,
    expiryDate: inv.expiryDate?.toISOString() ?? null,
    label: course.label,
    description: course.description,
    picture: course.picture,
    begin: course.begin?.toISOString() ?? null,
    end: course.end?.toISOString() ?? null,
    joinMode: course.joinMode,
  };
}

async function byCode(db: Db, code: string | undefined, courseId?: number) {
  if (!code || !INVITATION_CODE_RE.test(code)) throw inviteNotFound();
  const [row] = await db.select({ inv: invitations, course: courses }).from(invitations).innerJoin(courses, eq(courses.id, invitations.courseId)).where(eq(invitations.code, code));
  if (!row || (courseId !== undefined && row.course.id !== courseId)) throw inviteNotFound();
  return row;
}

/** Invitations (spec 3 §7.3, errors §8.5). The view by code is public; join is for signed-in students. */
export const invitationsModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  // -------- guest / student
  // the link's inviteId is the invitation's code (ids are guessable, codes are not)
  route(fastify, calls.preview, async (request) => {
    const { inv, course } = await byCode(db, request.params.invitationId);
    assertUsable(inv, course);
    return preview(inv, course);
  });

  route(fastify, calls.courseView, async (request) => {
    const user = currentUser(request);
    const courseId = parseIntId(request.params.courseId);
    if (courseId === null) throw inviteNotFound();
    const { inv, course } = await byCode(db, request.query.code ?? request.query.inviteId, courseId);
    assertUsable(inv, course);
    const [e] = await db.select().from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, user.accountId)));
    const [app_] = await db
      .select({ id: enrollmentApplications.id })
      .from(enrollmentApplications)
      .where(and(eq(enrollmentApplications.courseId, course.id), eq(enrollmentApplications.accountId, user.accountId), eq(enrollmentApplications.status, 'pending')));
    return { ...preview(inv, course), isJoined: e?.status === 1, isApplied: !!app_ };
  });

  route(fastify, calls.join, async (request) => {
    const user = currentUser(request);
    const courseId = parseIntId(request.params.courseId);
    if (courseId === null) throw inviteNotFound();
    const { inv, course } = await byCode(db, request.body?.code ?? request.query.code ?? request.query.inviteId, courseId);
    assertUsable(inv, course);
    // the catalogue's join rules (spec 3 §8.2: 400.1, .3, .4, .5, .14; application or enrolment)
    const answer = await joinCourse(db, user, course);
    if (!answer.isApply) {
      await db.update(enrolments).set({ invitationId: inv.id }).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, user.accountId)));
    }
    return answer;
  });

  // -------- instructors
  route(fastify, calls.generateCode, async () => ({ code: await freshCode() }));

  async function freshCode(): Promise<string> {
    for (;;) {
      const code = randomBytes(9).toString('base64url');
      const [row] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.code, code));
      if (!row) return code;
    }
  }

  /** Checks code and date; 400 with Code / ExpiryDate (spec 3 §8.5) and field errors. */
  async function checkInput(request: FastifyRequest, b: z.output<typeof invitationInput>, exceptId?: number) {
    const lang = requestLang(request);
    const problems: Record<string, string> = {};
    const code = b.code?.trim() || (await freshCode());
    if (!INVITATION_CODE_RE.test(code)) problems.Code = translate(lang, 'invite.badCode');
    else {
      const [taken] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.code, code));
      if (taken && taken.id !== exceptId) problems.Code = translate(lang, 'invite.codeTaken');
    }
    let expiryDate: Date | null = null;
    if (b.expiryDate?.trim()) {
      expiryDate = parseDayEnd(b.expiryDate);
      // a day the calendar has not («31.02.2026») is named as such, not as a wrong format
      if (!expiryDate) problems.ExpiryDate = translate(lang, dayProblem(b.expiryDate) === 'validation.noSuchDay' ? 'validation.noSuchDay' : 'invite.badDate');
      else if (expiryDate.getTime() < Date.now()) problems.ExpiryDate = translate(lang, 'invite.pastDate');
    }
    if (Object.keys(problems).length) {
      const fields: Record<string, string> = {};
      if (problems.Code) fields.code = problems.Code;
      if (problems.ExpiryDate) fields.expiryDate = problems.ExpiryDate;
      throw new AppError(400, 'ValidationError', { title: 'error.validation', fields, extra: problems });
    }
    return { code, expiryDate };
  }

  const record = (inv: Invitation): InvitationRecord => ({ id: inv.id, invitationId: inv.id, trainingId: inv.courseId, courseId: inv.courseId, code: inv.code, expiryDate: inv.expiryDate?.toISOString() ?? null });

  route(fastify, calls.list, async (request) => {
    const course = courseOf(request).course;
    const rows = await db.select().from(invitations).where(eq(invitations.courseId, course.id)).orderBy(desc(invitations.createdAt), desc(invitations.id));
    return rows.map((inv) => {
      const { id: _id, ...item } = record(inv);
      return item;
    });
  });

  route(fastify, calls.create, async (request, reply) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const { code, expiryDate } = await checkInput(request, request.body);
    const [inv] = await db.insert(invitations).values({ courseId: course.id, code, expiryDate, createdBy: user.accountId }).returning();
    return reply.status(201).send(record(inv));
  });

  async function ownInvitation(request: FastifyRequest, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw inviteNotFound();
    const [inv] = await db.select().from(invitations).where(eq(invitations.id, id));
    if (!inv) throw inviteNotFound();
    // not their course: the invitation does not exist for them; their course but no permission: 403
    await loadCourse(db, currentUser(request), inv.courseId, 'invitations').catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? inviteNotFound() : err;
    });
    return inv;
  }

  route(fastify, calls.get, async (request) => record(await ownInvitation(request, request.params.invitationId)));

  route(fastify, calls.update, async (request) => {
    const inv = await ownInvitation(request, request.params.invitationId);
    const { code, expiryDate } = await checkInput(request, { trainingId: inv.courseId, ...request.body, code: request.body.code ?? inv.code }, inv.id);
    const [u] = await db.update(invitations).set({ code, expiryDate }).where(eq(invitations.id, inv.id)).returning();
    return record(u);
  });

  route(fastify, calls.remove, async (request) => {
    const inv = await ownInvitation(request, request.params.invitationId);
    await db.delete(invitations).where(eq(invitations.id, inv.id));
    return { ok: true };
  });
};
