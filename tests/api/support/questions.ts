import type { Db } from '../../../server/db/client.js';
import { exercises, lessons, programAuthors, programs, slides } from '../../../server/db/schema/index.js';
import type { TestApp, SignedIn } from './app.js';

/** Fixtures of the question-bank tests: content rows, the personas of spec 1 §6, and a multipart body builder. */

export async function makeProgram(db: Db, label = 'Программа', authors: number[] = []) {
  const [program] = await db.insert(programs).values({ label }).returning();
  if (authors.length) await db.insert(programAuthors).values(authors.map((accountId) => ({ programId: program.id, accountId })));
  const [lesson] = await db.insert(lessons).values({ programId: program.id, label: 'Урок 1', sequence: 1 }).returning();
  const [exercise] = await db.insert(exercises).values({ lessonId: lesson.id, programId: program.id, label: 'Упражнение 1', sequence: 1 }).returning();
  return { program, lesson, exercise };
}

type QuestionColumn = 'closedQuestionId' | 'freeQuestionId' | 'matchingQuestionId' | 'sequenceQuestionId' | 'codeQuestionId';

/** A question slide of the exercise showing the question. */
export async function makeSlide(db: Db, exerciseId: number, column: QuestionColumn, questionId: number, label = 'Слайд с вопросом') {
  const contentKind = { closedQuestionId: 10, freeQuestionId: 40, matchingQuestionId: 13, sequenceQuestionId: 12, codeQuestionId: 11 }[column];
  const [slide] = await db
    .insert(slides)
    .values({ exerciseId, sequence: 1, pageType: 2, contentKind: contentKind as never, label, content: { kind: 'question' }, [column]: questionId })
    .returning();
  return slide;
}

export interface Personas {
  student: SignedIn;
  /** Instructors without any flag */
  teacher: SignedIn;
  /** Instructors with only TrainingSettings */
  trainer: SignedIn;
  /** Instructors with only OnlyEditSettings */
  editor: SignedIn;
  /** Instructors with every flag */
  instructor: SignedIn;
  root: SignedIn;
}

export async function personas(t: TestApp): Promise<Personas> {
  return {
    student: await t.signIn('Students'),
    teacher: await t.signIn('Instructors', { flags: [] }),
    trainer: await t.signIn('Instructors', { flags: ['TrainingSettings'] }),
    editor: await t.signIn('Instructors', { flags: ['OnlyEditSettings'] }),
    instructor: await t.signIn('Instructors'),
    root: await t.signIn('Root'),
  };
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----elp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
