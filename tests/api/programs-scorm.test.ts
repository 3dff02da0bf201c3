import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../fixtures/scorm/zip';
import { exercises } from '../../server/db/schema/index.js';
import { scormLimits } from '../../server/modules/programs/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { multipart, programHelpers } from './support/programs.js';

/** SCORM exercises: package upload, checks, storage (spec 3 §7.6, ARCHITECTURE §3). */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-'));
// a small cap on the unpacked size: 0.01 MB = 10,485 bytes (the valid packages here are far smaller)
const t = await createTestApp({ DATA_DIR: dataDir, SCORM_MAX_UNPACKED_MB: '0.01' });
const { call, createProgram, createLesson } = programHelpers(t);
const defaults = { ...scormLimits };

let author: SignedIn;
let other: SignedIn;
let programId: number;
let lessonId: number;
let createUrl: string;

const manifest = (href = 'index.html') => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m1" version="1.2" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org1">
    <organization identifier="org1"><title>Демо-курс</title>
      <item identifier="i1" identifierref="r1"><title>Страница</title></item>
    </organization>
  </organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`;

const zip = zipEntries;

const validPackage = () => zip([
  { name: 'imsmanifest.xml', content: manifest() },
  { name: 'index.html', content: '<html><body>SCO</body></html>' },
  { name: 'js/api.js', content: 'var x = 1;' },
]);

async function uploadRequest(content: Buffer, fields: Record<string, string> = { label: 'SCORM', exerciseType: '20' }, who = author, url = createUrl) {
  const { payload, headers } = multipart(fields, { filename: 'package.zip', content });
  return { method: 'POST' as const, url, payload, headers: { ...who.headers, ...headers } as Record<string, string> };
}
async function upload(...args: Parameters<typeof uploadRequest>) {
  return t.app.inject(await uploadRequest(...args));
}

/** The zip with `name`'s uncompressed size declared as `size` in its local and central headers (the data unchanged). */
function declareSize(zipped: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zipped);
  for (const [signature, nameLengthAt, nameAt, sizeAt] of [[0x04034b50, 26, 30, 22], [0x02014b50, 28, 46, 24]]) {
    for (let i = 0; i + nameAt < out.length; i++) {
      if (out.readUInt32LE(i) !== signature) continue;
      const length = out.readUInt16LE(i + nameLengthAt);
      if (out.toString('latin1', i + nameAt, i + nameAt + length) === name) out.writeUInt32LE(size, i + sizeAt);
    }
  }
  return out;
}

const listDir = (p: string) => (existsSync(p) ? readdirSync(p) : []);
const leftovers = () => ({ tmp: listDir(join(dataDir, 'files', 'tmp')), scorm: listDir(join(dataDir, 'files', 'scorm')) });

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  other = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  programId = (await createProgram(author)).id;
  lessonId = (await createLesson(author, programId)).id;
  createUrl = `/api/instructors/Courses/${programId}/Lessons/${lessonId}/Exercises/Create/SCORM`;
});

afterEach(() => Object.assign(scormLimits, defaults));

describe('SCORM create', () => {
  it('needs a session, the flag and authorship', async () => {
    const pkg = await validPackage();
    const { payload, headers } = multipart({ label: 'x' }, { filename: 'p.zip', content: pkg });
    expect((await t.app.inject({ method: 'POST', url: createUrl, payload, headers })).statusCode).toBe(401);
    const student = await t.signIn('Students');
    const noFlags = await t.signIn('Instructors', { flags: [] });
    expect((await upload(pkg, undefined, student)).statusCode).toBe(403);
    expect((await upload(pkg, undefined, noFlags)).statusCode).toBe(403);
    expect((await upload(pkg, undefined, other)).statusCode).toBe(404);
    expect(leftovers().scorm).toEqual([]);
  });

  it('accepts a valid package: unpacks it under the data dir and reads the manifest', async () => {
    const res = await upload(await validPackage());
    expect(res.statusCode, res.body).toBe(201);
    const info = res.json();
    expect(info).toMatchObject({ kind: 'scorm', isScoExercise: true, label: 'SCORM', exerciseType: 20, scorm: { version: '1.2', launch: 'index.html', title: 'Демо-курс' } });
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, info.id));
    expect(row.scormPackagePath).toMatch(/^scorm\/\d+-/);
    const dir = join(dataDir, 'files', row.scormPackagePath!);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('SCO');
    expect(existsSync(join(dir, 'js', 'api.js'))).toBe(true);
    expect(leftovers().tmp).toEqual([]);

    const get = await call(author, 'GET', `/api/instructors/Courses/${programId}/Exercises/${info.id}/Info`);
    expect(get.json().scorm.launch).toBe('index.html');
  });

  it('rejects a zip-slip package (../evil.txt) and leaves no files behind', async () => {
    // yazl refuses such names itself: write a same-length name and patch it in.
    const pkg = await zip([{ name: 'imsmanifest.xml', content: manifest() }, { name: 'index.html', content: 'x' }, { name: 'AA/evil.txt', content: 'evil' }]);
    const patched = Buffer.from(pkg.toString('latin1').split('AA/evil.txt').join('../evil.txt'), 'latin1');
    const before = leftovers();
    const res = await upload(patched);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('FileUpload.DataError');
    expect(res.json().Description).toContain('../evil.txt');
    expect(leftovers()).toEqual({ tmp: [], scorm: before.scorm });
    expect(existsSync(join(dataDir, 'files', 'evil.txt'))).toBe(false);
    expect(existsSync(join(dataDir, 'evil.txt'))).toBe(false);
  });

  it('rejects absolute paths and symbolic links', async () => {
    const abs = await zip([{ name: 'imsmanifest.xml', content: manifest() }, { name: 'index.html', content: 'x' }, { name: 'AAetc/passwd', content: 'x' }]);
    const absPatched = Buffer.from(abs.toString('latin1').split('AAetc/passwd').join('/etc/passwd'.padEnd(12, 'x')), 'latin1');
    expect((await upload(absPatched)).statusCode).toBe(400);
    const link = await zip([
      { name: 'imsmanifest.xml', content: manifest() },
      { name: 'index.html', content: 'x' },
      { name: 'link', content: '/etc/passwd', mode: 0o120777 },
    ]);
    const res = await upload(link);
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toContain('link');
    expect(leftovers().tmp).toEqual([]);
  });

  it('rejects a package without imsmanifest.xml, or whose manifest names a missing launch page', async () => {
    const none = await upload(await zip([{ name: 'index.html', content: 'x' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().Description).toBe('В корне пакета нет файла imsmanifest.xml');
    const nested = await upload(await zip([{ name: 'sub/imsmanifest.xml', content: manifest() }, { name: 'index.html', content: 'x' }]));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().Description).toBe('imsmanifest.xml найден в папке sub/, а должен лежать в корне архива');
    const missingLaunch = await upload(await zip([{ name: 'imsmanifest.xml', content: manifest('start.html') }]));
    expect(missingLaunch.statusCode).toBe(400);
    const notZip = await upload(Buffer.from('this is not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(leftovers().tmp).toEqual([]);
  });

  it('takes a package zipped with its enclosing folder from that folder (an archiver\'s litter aside)', async () => {
    const res = await upload(await zip([
      { name: 'course/imsmanifest.xml', content: manifest() },
      { name: 'course/index.html', content: '<html><body>SCO</body></html>' },
      { name: '__MACOSX/course/._index.html', content: 'x' },
    ]));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, res.json().id));
    const dir = join(dataDir, 'files', row.scormPackagePath!);
    expect(readdirSync(dir).sort()).toEqual(['imsmanifest.xml', 'index.html']);
    await t.db.delete(exercises).where(eq(exercises.id, res.json().id));
    // two manifests, or a folder that is not the whole package: not guessed, the answer says where it was found
    const two = await upload(await zip([{ name: 'a/imsmanifest.xml', content: manifest() }, { name: 'a/index.html', content: 'x' }, { name: 'b/imsmanifest.xml', content: manifest() }]));
    expect(two.json().Description).toMatch(/^imsmanifest\.xml найден в папке (a|b)\/, а должен лежать в корне архива$/);
    expect(leftovers().tmp).toEqual([]);
  });

  it('tells a cmi5 or an AICC course apart from a SCORM package without a manifest, in the caller\'s language', async () => {
    const cmi5 = await upload(await zip([{ name: 'cmi5.xml', content: '<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd"/>' }, { name: 'index.html', content: 'x' }]));
    expect(cmi5.statusCode).toBe(400);
    expect(cmi5.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError', Description: 'Это пакет cmi5: ELP воспроизводит SCORM 1.2 и 2004' });
    const aicc = [{ name: 'course.crs', content: '[Course]' }, { name: 'course.au', content: '"system_id"' }, { name: 'course.des', content: '"system_id"' }, { name: 'index.html', content: 'x' }];
    expect((await upload(await zip(aicc))).json().Description).toBe('Это пакет AICC: ELP воспроизводит SCORM 1.2 и 2004');
    const english = await uploadRequest(await zip(aicc));
    const en = await t.app.inject({ ...english, headers: { ...english.headers, 'accept-language': 'en' } });
    expect(en.json().Description).toBe('This is an AICC package: ELP plays SCORM 1.2 and 2004');
    expect(leftovers().tmp).toEqual([]);
  });

  it('rejects an oversize archive, leaving nothing behind', async () => {
    const before = leftovers();
    scormLimits.maxArchiveBytes = 1024;
    const big = await zip([{ name: 'imsmanifest.xml', content: manifest() }, { name: 'index.html', content: randomBytes(4000) }]);
    expect(big.length).toBeGreaterThan(1024);
    const res = await upload(big);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    expect(leftovers()).toEqual({ tmp: [], scorm: before.scorm });
  });

  it('SCORM_MAX_UNPACKED_MB caps the unpacked size: a zip bomb is refused with a translated 400, nothing left behind', async () => {
    const before = leftovers();
    const bomb = await zip([{ name: 'imsmanifest.xml', content: manifest() }, { name: 'index.html', content: Buffer.alloc(50_000, 0x61) }]);
    expect(bomb.length).toBeLessThan(2_000);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error', Description: 'Пакет SCORM после распаковки превышает 0.01 МБ' });
    const request = await uploadRequest(bomb);
    const en = await t.app.inject({ ...request, headers: { ...request.headers, 'accept-language': 'en' } });
    expect(en.json().Description).toBe('The unpacked SCORM package exceeds 0.01 MB');
    expect(leftovers()).toEqual({ tmp: [], scorm: before.scorm });
    expect(await t.db.select().from(exercises).where(eq(exercises.kind, 'scorm'))).toHaveLength(1);
  });

  it('a zip bomb whose headers lie about its sizes is stopped while unpacking', async () => {
    const before = leftovers();
    const honest = await zip([{ name: 'imsmanifest.xml', content: manifest() }, { name: 'index.html', content: Buffer.alloc(200_000, 0x61) }]);
    const lying = declareSize(honest, 'index.html', 100);
    const res = await upload(lying);
    expect(res.statusCode).toBe(400);
    expect(['FileSizeLimitExceeded.Error', 'FileUpload.DataError']).toContain(res.json().ErrorCode);
    expect(res.json().Title).toBe('Не удалось загрузить пакет SCORM');
    expect(leftovers()).toEqual({ tmp: [], scorm: before.scorm });
  });

  it('validates the fields and requires a file', async () => {
    const noLabel = await upload(await validPackage(), { exerciseType: '99' });
    expect(noLabel.statusCode).toBe(400);
    expect(Object.keys(noLabel.json().errors).sort()).toEqual(['exerciseType', 'label']);
    const { payload, headers } = multipart({ label: 'x' });
    const noFile = await t.app.inject({ method: 'POST', url: createUrl, payload, headers: { ...author.headers, ...headers } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBe('Выберите файл');
    const json = await call(author, 'POST', createUrl, { label: 'x' });
    expect(json.statusCode).toBe(400);
    expect(leftovers().tmp).toEqual([]);
  });

  it('replaces the package of a SCORM exercise and removes the old one', async () => {
    const created = (await upload(await validPackage(), { label: 'Заменяемый' })).json();
    const [before] = await t.db.select().from(exercises).where(eq(exercises.id, created.id));
    const pkg = await zip([
      { name: 'imsmanifest.xml', content: manifest('start.html').replace('<schemaversion>1.2</schemaversion>', '<schemaversion>2004 4th Edition</schemaversion>') },
      { name: 'start.html', content: 'new' },
    ]);
    const url = `/api/instructors/Courses/${programId}/Exercises/${created.id}/SCORM`;
    const res = await upload(pkg, {}, author, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scorm).toMatchObject({ version: '2004', launch: 'start.html' });
    expect(existsSync(join(dataDir, 'files', before.scormPackagePath!))).toBe(false);
    const bad = await upload(await zip([{ name: 'x.txt', content: 'x' }]), {}, author, url);
    expect(bad.statusCode).toBe(400);
    const [after] = await t.db.select().from(exercises).where(eq(exercises.id, created.id));
    expect(existsSync(join(dataDir, 'files', after.scormPackagePath!, 'start.html'))).toBe(true);
  });

  it('deleting a SCORM exercise removes its package', async () => {
    const created = (await upload(await validPackage(), { label: 'Удаляемый' })).json();
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, created.id));
    const res = await call(author, 'DELETE', `/api/instructors/Courses/${programId}/Exercises/${created.id}/Delete?isAgree=true`);
    expect(res.statusCode).toBe(200);
    expect(existsSync(join(dataDir, 'files', row.scormPackagePath!))).toBe(false);
  });

  it('dropping the lesson or the program removes the packages of its exercises', async () => {
    const p = await createProgram(author, 'Удаляемая со SCORM');
    const l = await createLesson(author, p.id);
    const url = `/api/instructors/Courses/${p.id}/Lessons/${l.id}/Exercises/Create/SCORM`;
    const a = (await upload(await validPackage(), { label: 'A' }, author, url)).json();
    const [rowA] = await t.db.select().from(exercises).where(eq(exercises.id, a.id));
    expect((await call(author, 'DELETE', `/api/Instructors/Courses/${p.id}/Lessons/${l.id}/Drop?isAgree=true`)).statusCode).toBe(200);
    expect(existsSync(join(dataDir, 'files', rowA.scormPackagePath!))).toBe(false);
    const l2 = await createLesson(author, p.id);
    const b = (await upload(await validPackage(), { label: 'B' }, author, `/api/instructors/Courses/${p.id}/Lessons/${l2.id}/Exercises/Create/SCORM`)).json();
    const [rowB] = await t.db.select().from(exercises).where(eq(exercises.id, b.id));
    expect((await call(author, 'DELETE', `/api/Instructors/Courses/${p.id}/Drop`)).statusCode).toBe(200);
    expect(existsSync(join(dataDir, 'files', rowB.scormPackagePath!))).toBe(false);
  });
});

