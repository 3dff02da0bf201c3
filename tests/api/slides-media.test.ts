import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrolments } from '../../server/db/schema/index.js';
import { setHostedVideoAdapter, type HostedVideoAdapter } from '../../server/modules/slides/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { makeExercise } from './support/content.js';

/**
 * Slide media: who may fetch a slide's file (enrolled students, the program's staff), the
 * hosted-video upload (own storage by default: slide + tus upload attached on finish),
 * get-kinescope-video-info, and the external adapter behind configuration (faked: no network).
 */
const t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'elp-slides-media-')) });
let base: string;
let author: SignedIn;
let enrolled: SignedIn;
let outsider: SignedIn;
let nonAuthor: SignedIn;
let exerciseId: number;
const b64 = (s: string) => Buffer.from(s).toString('base64');
const video = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 256));

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  author = await t.signIn('Instructors', { flags: ['OnlyEditSettings'] });
  nonAuthor = await t.signIn('Instructors');
  enrolled = await t.signIn('Students');
  outsider = await t.signIn('Students');
  const { exercise, program } = await makeExercise(t.db, [author.accountId]);
  exerciseId = exercise.id;
  const [course] = await t.db.insert(courses).values({ programId: program.id, label: 'Курс' }).returning();
  await t.db.insert(enrolments).values({ courseId: course.id, accountId: enrolled.accountId });
});
afterAll(() => setHostedVideoAdapter(null));

describe('hosted video in our own storage', () => {
  let slideId: number;
  let fileId: number;

  it('starts an upload: creates the slide and answers the tus endpoint with metadata', async () => {
    const res = await fetch(`${base}/api/instructors/Storage/Kinescope/Upload/${exerciseId}`, {
      method: 'POST',
      headers: { ...author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Лекция 1', filename: 'lecture.mp4', size: video.length }),
    });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ uploadEndpoint: '/api/uploads/tus', metadata: { target: 'hosted-video', kind: 'video', filename: 'lecture.mp4' } });
    slideId = answer.pageId;

    const meta = Object.entries(answer.metadata as Record<string, string>).map(([k, v]) => `${k} ${b64(v)}`).join(',');
    // a non-author cannot aim an upload at the slide
    const foreign = await fetch(`${base}${answer.uploadEndpoint}`, {
      method: 'POST',
      headers: { ...nonAuthor.headers, 'tus-resumable': '1.0.0', 'upload-length': String(video.length), 'upload-metadata': meta },
    });
    expect(foreign.status).toBe(404);

    const created = await fetch(`${base}${answer.uploadEndpoint}`, {
      method: 'POST',
      headers: { ...author.headers, 'tus-resumable': '1.0.0', 'upload-length': String(video.length), 'upload-metadata': meta },
    });
    expect(created.status).toBe(201);
    const done = await fetch(`${base}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...author.headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(video),
    });
    expect(done.status).toBe(200);
    const result = await done.json();
    expect(result).toMatchObject({ slideId, videoId: String(result.id) });
    fileId = result.id;

    const slide = await (await fetch(`${base}/api/instructors/Exercises/${exerciseId}/Pages/${slideId}/Kinescope`, { headers: author.headers })).json();
    expect(slide).toMatchObject({ type: 'kinescope', label: 'Лекция 1', fileId, file: { name: 'lecture.mp4' } });
  });

  it('plays from our storage: an enrolled student may fetch ranges, others may not', async () => {
    const ranged = await fetch(`${base}/api/files/${fileId}`, { headers: { ...enrolled.headers, range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(10, 20))).toBe(true);
    expect((await fetch(`${base}/api/files/${fileId}`, { headers: outsider.headers })).status).toBe(404);
    expect((await fetch(`${base}/api/files/${fileId}`, { headers: nonAuthor.headers })).status).toBe(404);
  });

  it('get-kinescope-video-info answers the link and download links of our own file', async () => {
    const res = await fetch(`${base}/api/instructors/exercises/get-kinescope-video-info?link=${encodeURIComponent(`/api/files/${fileId}`)}`, { headers: author.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ link: `/api/files/${fileId}`, downloadLinks: [{ link: `/api/files/${fileId}?download=1`, quality: 'original', fileSize: video.length }] });
    const missing = await fetch(`${base}/api/instructors/exercises/get-kinescope-video-info?link=https://nowhere.example/v`, { headers: author.headers });
    expect(missing.status).toBe(404);
  });
});

describe('external hosting adapter (configured; faked here)', () => {
  it('is used for the upload endpoint and the video info', async () => {
    const fake: HostedVideoAdapter = {
      name: 'kinescope',
      async createUpload() {
        return { uploadEndpoint: 'https://uploader.example/tus/abc', metadata: { videoId: 'abc' } };
      },
      async videoInfo(_db, link) {
        return { link, downloadLinks: [{ link: `${link}/720.mp4`, quality: '720p', fileSize: 1 }] };
      },
    };
    setHostedVideoAdapter(fake);
    const res = await t.app.inject({ method: 'POST', url: `/api/instructors/Storage/Kinescope/Upload/${exerciseId}`, headers: author.headers, payload: { title: 'Внешнее', filename: 'x.mp4', size: 10 } });
    expect(res.json()).toMatchObject({ uploadEndpoint: 'https://uploader.example/tus/abc' });
    const slide = (await t.app.inject({ method: 'GET', url: `/api/instructors/Exercises/${exerciseId}/Pages/${res.json().pageId}/Kinescope`, headers: author.headers })).json();
    expect(slide.videoId).toBe('abc');
    const info = await t.app.inject({ method: 'GET', url: '/api/instructors/exercises/get-kinescope-video-info?link=https://kinescope.io/abc', headers: author.headers });
    expect(info.json().downloadLinks[0].quality).toBe('720p');
    setHostedVideoAdapter(null);
  });

  it('refuses a bad upload request', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/instructors/Storage/Kinescope/Upload/${exerciseId}`, headers: author.headers, payload: { title: '', size: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['title', 'filename', 'size']));
  });
});
