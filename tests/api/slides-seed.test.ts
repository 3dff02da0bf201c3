import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slideKinds, type SlideRouteType } from '../../shared/enums.js';
import { seedPrograms } from '../../server/db/seed/programs.js';
import { samplePdf, sampleWav, seedSlides } from '../../server/db/seed/slides.js';
import { createTestApp } from './support/app.js';

/** Demo data: one slide of every kind on the demo program, with playable sample media. */
const t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'elp-seed-slides-')) });

describe('seedSlides', () => {
  it('adds one slide of every kind, each loadable through the API, media fetchable with ranges', async () => {
    const programs = await seedPrograms(t.db);
    const seeded = await seedSlides(t.db, t.app.storage, programs);
    const root = await t.signIn('Root');
    expect(Object.keys(seeded.slides).sort()).toEqual(Object.keys(slideKinds).sort());
    for (const [type, id] of Object.entries(seeded.slides) as [SlideRouteType, number][]) {
      const exerciseId = slideKinds[type].isQuestion ? programs.exercises.test : programs.exercises.lecture;
      const res = await t.app.inject({ method: 'GET', url: `/api/instructors/Exercises/${exerciseId}/Pages/${id}/${slideKinds[type].apiKind}`, headers: root.headers });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(res.json().type).toBe(type);
    }
    const video = await t.app.inject({ method: 'GET', url: `/api/files/${seeded.files.video}`, headers: { ...root.headers, range: 'bytes=0-3' } });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true); // WebM (EBML) magic
  });

  it('writes a valid PDF and WAV', () => {
    const pdf = samplePdf().toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const wav = sampleWav(1, 8000);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBe(44 + 16000);
  });
});
