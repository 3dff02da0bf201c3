import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { slideKinds, type SlideRouteType } from '../../../shared/enums.js';
import type { SlideContent } from '../schema/content.js';
import type { Db } from '../client.js';
import {
  attributes,
  closedQuestionOptions,
  closedQuestions,
  codeQuestions,
  codeTestCases,
  freeQuestions,
  matchingOptions,
  matchingQuestions,
  matchingTargets,
  sequenceItems,
  sequenceQuestions,
  slides,
} from '../schema/index.js';
import { storeFile } from '../../files/service.js';
import type { Storage } from '../../files/storage.js';
import { rootDir } from '../../paths.js';
import type { SeededPrograms } from './programs.js';

/** ids of one bank question per kind (the question-bank seed's answer, when it runs first) */
export interface SeededQuestions {
  closed?: number;
  free?: number;
  matching?: number;
  sequence?: number;
  code?: number;
}

export interface SeededSlides {
  /** slide id per kind */
  slides: Record<SlideRouteType, number>;
  files: { video: number; audio: number; pdf: number; document: number };
}

/** A one-page PDF with a line of text, written byte by byte (offsets computed). */
export function samplePdf(text = 'ELP demo: Python basics'): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A short mono 16-bit WAV: two tones, synthesised. */
export function sampleWav(seconds = 2, rate = 8000): Buffer {
  const n = seconds * rate;
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const f = i < n / 2 ? 440 : 660;
    const fade = Math.min(1, i / 400, (n - i) / 400);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * f * i) / rate) * 8000 * fade), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const mediaDir = join(rootDir, 'server', 'db', 'seed', 'media');

/** One question per bank for the program: the given ids, else an existing one, else a small one made here. */
async function questionsFor(db: Db, programId: number, given: SeededQuestions): Promise<Required<SeededQuestions>> {
  const pick = async <T extends typeof closedQuestions | typeof freeQuestions | typeof matchingQuestions | typeof sequenceQuestions | typeof codeQuestions>(table: T) => {
    const t = table as typeof closedQuestions;
    const [row] = await db.select({ id: t.id }).from(t).where(or(eq(t.programId, programId), isNull(t.programId))).orderBy(asc(t.id)).limit(1);
    return row?.id;
  };
  const closed = given.closed ?? (await pick(closedQuestions)) ?? (await (async () => {
    const [q] = await db.insert(closedQuestions).values({ programId, label: 'Кто создал Python?', text: '<p>Кто создал язык Python?</p>', choiceMode: 1 }).returning();
    await db.insert(closedQuestionOptions).values([
      { questionId: q.id, text: 'Гвидо ван Россум', isCorrect: true, sequence: 0 },
      { questionId: q.id, text: 'Деннис Ритчи', isCorrect: false, sequence: 1 },
      { questionId: q.id, text: 'Бьёрн Страуструп', isCorrect: false, sequence: 2 },
    ]);
    return q.id;
  })());
  const free = given.free ?? (await pick(freeQuestions)) ?? (await db.insert(freeQuestions).values({ programId, label: 'Результат 2 ** 3', text: '<p>Что выведет <code>print(2 ** 3)</code>?</p>', inputType: 3, correctValues: ['8'] }).returning())[0].id;
  const matching = given.matching ?? (await pick(matchingQuestions)) ?? (await (async () => {
    const [q] = await db.insert(matchingQuestions).values({ programId, label: 'Типы значений', text: '<p>Сопоставьте значения и типы</p>' }).returning();
    const [a, b] = await db.insert(matchingTargets).values([{ questionId: q.id, text: 'int', sequence: 0 }, { questionId: q.id, text: 'str', sequence: 1 }]).returning();
    await db.insert(matchingOptions).values([{ questionId: q.id, text: '42', correctTargetId: a.id }, { questionId: q.id, text: '"42"', correctTargetId: b.id }]);
    return q.id;
  })());
  const sequence = given.sequence ?? (await pick(sequenceQuestions)) ?? (await (async () => {
    const [q] = await db.insert(sequenceQuestions).values({ programId, label: 'Порядок запуска', text: '<p>Расположите шаги по порядку</p>' }).returning();
    await db.insert(sequenceItems).values([
      { questionId: q.id, text: 'Написать код', correctPosition: 0 },
      { questionId: q.id, text: 'Сохранить файл', correctPosition: 1 },
      { questionId: q.id, text: 'Запустить python main.py', correctPosition: 2 },
    ]);
    return q.id;
  })());
  const code = given.code ?? (await pick(codeQuestions)) ?? (await (async () => {
    const [q] = await db.insert(codeQuestions).values({ programId, label: 'Сумма двух чисел', text: '<p>Прочитайте два числа и выведите их сумму</p>', starterCode: 'a = int(input())\nb = int(input())\n' }).returning();
    await db.insert(codeTestCases).values([{ questionId: q.id, inputValues: '2\n3\n', outputValue: '5', sequence: 0 }]);
    return q.id;
  })());
  return { closed, free, matching, sequence, code };
}

/**
 * One slide of every kind for the demo program: content, web, the media kinds (with small
 * generated files in storage) in the lecture; the question kinds in the test.
 * Order in seedDemo: programs → questions → slides.
 */
export async function seedSlides(db: Db, storage: Storage, seeded: SeededPrograms, questions: SeededQuestions = {}): Promise<SeededSlides> {
  const q = await questionsFor(db, seeded.programId, questions);
  const [attribute] = await db.select({ id: attributes.id }).from(attributes).orderBy(asc(attributes.id)).limit(1);
  const attributeId = attribute?.id ?? (await db.insert(attributes).values({ type: 1, label: 'Место работы', name: 'demo_workplace' }).returning())[0].id;

  const put = async (name: string, data: Buffer, purpose: string) => (await storeFile(db, storage, { name, purpose, ownerId: null }, data)).id;
  const files = {
    video: await put('Знакомство с Python.webm', readFileSync(join(mediaDir, 'demo.webm')), 'video'),
    audio: await put('Подкаст: история Python.wav', sampleWav(), 'audio'),
    pdf: await put('Шпаргалка по Python.pdf', samplePdf(), 'pdf'),
    document: await put('Конспект лекции.docx', readFileSync(join(mediaDir, 'demo.docx')), 'pptx'),
  };

  type Row = { type: SlideRouteType; exerciseId: number; label: string; content: SlideContent; extra?: Partial<typeof slides.$inferInsert> };
  const { lecture, test } = seeded.exercises;
  const rows: Row[] = [
    { type: 'content', exerciseId: lecture, label: 'Что такое Python', content: { kind: 'content', html: '<h2>Python</h2><p>Python — язык программирования <strong>общего назначения</strong>. <a href="https://www.python.org" target="_blank" rel="noopener noreferrer">python.org</a></p><p><span style="font-size: 20px">Простой и выразительный синтаксис.</span></p>' }, extra: { duration: 30 } },
    { type: 'video', exerciseId: lecture, label: 'Видео: первый запуск', content: { kind: 'video', fileId: files.video, description: 'Короткий ролик о запуске интерпретатора' }, extra: { fileId: files.video, downloadPermission: true, duration: 4 } },
    { type: 'kinescope', exerciseId: lecture, label: 'Видео с хостинга', content: { kind: 'hostedVideo', fileId: files.video } as SlideContent, extra: { fileId: files.video } },
    { type: 'audio', exerciseId: lecture, label: 'Подкаст', content: { kind: 'audio', fileId: files.audio }, extra: { fileId: files.audio } },
    { type: 'pdf', exerciseId: lecture, label: 'Шпаргалка', content: { kind: 'pdf', fileId: files.pdf }, extra: { fileId: files.pdf, downloadPermission: false } },
    { type: 'doc-ppt', exerciseId: lecture, label: 'Конспект', content: { kind: 'pptx', fileId: files.document }, extra: { fileId: files.document, downloadPermission: true } },
    { type: 'web', exerciseId: lecture, label: 'Документация', content: { kind: 'web', address: 'https://docs.python.org/3/', description: 'Официальная документация' } },
    { type: 'answers-question', exerciseId: test, label: 'Автор языка', content: { kind: 'question' }, extra: { closedQuestionId: q.closed, required: true } },
    { type: 'free-question', exerciseId: test, label: 'Возведение в степень', content: { kind: 'question' }, extra: { freeQuestionId: q.free } },
    { type: 'matching-question', exerciseId: test, label: 'Типы значений', content: { kind: 'question' }, extra: { matchingQuestionId: q.matching } },
    { type: 'sequence-question', exerciseId: test, label: 'Порядок запуска', content: { kind: 'question' }, extra: { sequenceQuestionId: q.sequence } },
    { type: 'code-question', exerciseId: test, label: 'Сумма двух чисел', content: { kind: 'question' }, extra: { codeQuestionId: q.code, maxScore: 2 } },
    { type: 'file-question', exerciseId: test, label: 'Отчёт о работе', content: { kind: 'file', html: '<p>Прикрепите файл с решением</p>', maxFiles: 1, allowedExtensions: ['py', 'pdf', 'txt'], maxFileSizeMb: 10 } },
    { type: 'attributes-question', exerciseId: test, label: 'Немного о вас', content: { kind: 'attributes', html: '<p>Расскажите о себе</p>', attributeIds: [attributeId] } },
  ];
  const existing = new Map<number, number>();
  const out = {} as Record<SlideRouteType, number>;
  for (const r of rows) {
    const sequence = existing.get(r.exerciseId) ?? 0;
    existing.set(r.exerciseId, sequence + 1);
    const { contentKind, pageType } = slideKinds[r.type];
    const [row] = await db
      .insert(slides)
      .values({ exerciseId: r.exerciseId, sequence, contentKind, pageType, label: r.label, content: r.content, ...r.extra })
      .returning({ id: slides.id });
    out[r.type] = row.id;
  }
  return { slides: out, files };
}

/** Whether the demo exercises already have slides (seeding runs once). */
export async function hasSlides(db: Db, exerciseId: number): Promise<boolean> {
  const [row] = await db.select({ id: slides.id }).from(slides).where(and(eq(slides.exerciseId, exerciseId))).limit(1);
  return !!row;
}
