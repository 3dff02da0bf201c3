import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipart } from './support/questions.js';
import { studyHelpers } from './support/study.js';
import { setupStore, STORES } from './support/stores.js';

/**
 * File answers do not pile up (issue 10 item 9): one student re-uploading for 10 s left
 * +180 MB, every replaced file kept. A replaced or dropped answer file goes — its row and
 * its bytes — unless another answer of the student (an earlier attempt's) still names it.
 * On the local disk and on a real S3-compatible server.
 */
describe.each(STORES)('%s store', (kind) => {
  const store = setupStore(kind);
  let t: TestApp;
  let h: ReturnType<typeof studyHelpers>;
  let student: SignedIn;
  let base: string;
  let oneFile: number;
  let twoFiles: number;
  let sessionId: number;

  beforeAll(async () => {
    t = await createTestApp(store.env());
    h = studyHelpers(t);
    const data = await h.course();
    const fileSlide = async (sequence: number, maxFiles: number) =>
      (await t.db.insert(slides).values({ exerciseId: data.exercise.id, sequence, pageType: 2, contentKind: 60, label: 'Файл', content: { kind: 'file', maxFiles, allowedExtensions: ['pdf', 'txt'], maxFileSizeMb: 1 } }).returning())[0].id;
    oneFile = await fileSlide(50, 1);
    twoFiles = await fileSlide(51, 2);
    base = data.base;
    student = await t.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    sessionId = (await h.call(student, 'POST', `${base}/Pages`, { slideId: 'start' })).json().sessionId;
  });

  const upload = (slideId: number, name: string, sid = sessionId) => {
    const form = multipart([{ name: 'sessionId', value: String(sid) }, { name: 'file', filename: name, content: `content of ${name}` }]);
    return t.app.inject({ method: 'POST', url: `${base}/questions/files/${slideId}/save`, headers: { ...student.headers, ...form.headers }, payload: form.payload });
  };
  const answerFiles = () => t.db.select().from(files).where(and(eq(files.ownerId, student.accountId), eq(files.purpose, 'answer')));
  /** the answer files the store holds */
  const storedBytes = () => store.keys('answer');
  const ids = (r: { json(): { files: { id: number }[] } }) => r.json().files.map((f) => f.id);

  describe('replacing a file answer', () => {
    it('re-uploading leaves one stored file: the replaced one is removed from the files table and the storage', async () => {
      const first = await upload(oneFile, 'draft.pdf');
      expect(first.statusCode, first.body).toBe(200);
      for (const name of ['draft2.pdf', 'draft3.pdf', 'final.pdf']) expect((await upload(oneFile, name)).statusCode).toBe(200);
      const rows = await answerFiles();
      expect(rows.map((f) => f.name)).toEqual(['final.pdf']);
      expect(await storedBytes()).toEqual([rows[0].storageKey]);
      const page = await h.call(student, 'POST', `${base}/Pages`, { slideId: String(oneFile), sessionId });
      expect(page.json().answer.files.map((f: { name: string }) => f.name)).toEqual(['final.pdf']);
      const download = await t.app.inject({ method: 'GET', url: `/api/files/${rows[0].id}`, headers: student.headers });
      expect(download.body).toBe('content of final.pdf');
    });

    it('a JSON save that drops a file of an answer of several removes it; the kept one stays', async () => {
      const a = ids(await upload(twoFiles, 'a.txt'));
      const both = ids(await upload(twoFiles, 'b.txt'));
      expect(both).toHaveLength(2);
      expect(both[0]).toBe(a[0]);
      const keep = await h.call(student, 'POST', `${base}/questions/files/${twoFiles}/save`, { sessionId, fileIds: [both[1]] });
      expect(keep.statusCode, keep.body).toBe(200);
      expect((await answerFiles()).map((f) => f.name).sort()).toEqual(['b.txt', 'final.pdf']);
      expect(await storedBytes()).toHaveLength(2);
    });

    it('an upload whose answer is refused is not kept', async () => {
      const before = await answerFiles();
      // the answer already holds b.txt; a third file is past the slide's two
      expect(ids(await upload(twoFiles, 'c.txt'))).toHaveLength(2);
      const third = await upload(twoFiles, 'd.txt');
      expect(third.statusCode).toBe(400);
      expect((await answerFiles()).map((f) => f.name).sort()).toEqual([...before.map((f) => f.name), 'c.txt'].sort());
      expect(await storedBytes()).toHaveLength(3);
    });

    it("an earlier attempt's answer file is history: a retake's upload does not remove it", async () => {
      const restart = await h.call(student, 'POST', `${base}/restart`);
      expect(restart.statusCode, restart.body).toBe(200);
      const next = restart.json().sessionId as number;
      const before = (await answerFiles()).map((f) => f.name);
      expect((await upload(oneFile, 'retake.pdf', next)).statusCode).toBe(200);
      expect((await upload(oneFile, 'retake2.pdf', next)).statusCode).toBe(200);
      expect((await answerFiles()).map((f) => f.name).sort()).toEqual([...before, 'retake2.pdf'].sort());
    });
  });
});
