import { inArray } from 'drizzle-orm';
import { pictureAddress } from '../../../../shared/files.js';
import type { Db } from '../../../db/client.js';
import { files } from '../../../db/schema/index.js';
import { mimeOfName, storeFile } from '../../../files/index.js';
import type { Storage } from '../../../files/storage.js';
import type { ParsedQuestion } from '../importSheet.js';
import type { FileNote, MediaFile } from './model.js';

/**
 * Pictures of question texts. Readers write a file's picture as `elp-media:<name>` (the name
 * under which the file carried it); the import stores each such picture and points the text
 * at it. Writers get the texts' stored pictures by their address to embed them.
 */
export const MEDIA_SCHEME = 'elp-media:';

/** Stored picture address → the file to embed under its name. */
export type MediaMap = Map<string, MediaFile>;

const PICTURE = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;

/** Every text of a question (the only rich text is the question's own). */
const mediaRefs = (text: string) => [...text.matchAll(/elp-media:([^"'\s>]+)/g)].map((m) => m[1]);

/**
 * Stores the pictures the questions refer to and rewrites the references; a reference to a
 * file the package lacks, or to a file that is not a picture, becomes a note and is removed.
 */
export async function storeMedia(
  db: Db,
  storage: Storage,
  ownerId: number,
  questions: ParsedQuestion[],
  media: MediaFile[],
  notes: FileNote[],
): Promise<number[]> {
  const byName = new Map(media.map((m) => [m.name, m]));
  const stored = new Map<string, string>();
  const ids: number[] = [];
  for (const q of questions) {
    for (const name of mediaRefs(q.input.text)) {
      if (stored.has(name)) continue;
      const file = byName.get(name);
      // readers may URL-encode a name (Moodle's have spaces); the stored file gets the plain one
      const last = name.split('/').pop() ?? name;
      let base = last;
      try {
        base = decodeURIComponent(last);
      } catch {
        // not encoding: the name as it is
      }
      if (!file || !PICTURE.test(mimeOfName(base))) {
        notes.push({ number: q.row, title: q.input.label, kept: true, reason: 'mediaDropped', detail: base });
        stored.set(name, '');
        continue;
      }
      const row = await storeFile(db, storage, { name: base, purpose: 'picture', ownerId }, file.content);
      ids.push(row.id);
      stored.set(name, pictureAddress(row.id));
    }
    q.input.text = q.input.text
      .replace(/<img[^>]*src="elp-media:([^"]+)"[^>]*>/g, (all, name: string) => (stored.get(name) ? all.replace(`${MEDIA_SCHEME}${name}`, stored.get(name)!) : ''))
      .replace(/elp-media:([^"'\s>]+)/g, (_, name: string) => stored.get(name) ?? '');
  }
  return ids;
}

/** The stored pictures the questions' texts show, read for embedding in a file. */
export async function collectMedia(db: Db, storage: Storage, questions: ParsedQuestion[]): Promise<MediaMap> {
  const pattern = new RegExp(`src="(${pictureAddress(0).replace(/0$/, '')}(\\d+))"`, 'g');
  const wanted = new Map<number, string>();
  for (const q of questions) for (const m of q.input.text.matchAll(pattern)) wanted.set(Number(m[2]), m[1]);
  const out: MediaMap = new Map();
  if (!wanted.size) return out;
  const rows = await db.select().from(files).where(inArray(files.id, [...wanted.keys()]));
  for (const row of rows) {
    if (row.purpose !== 'picture') continue;
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(row.storageKey)) chunks.push(Buffer.from(c as Uint8Array));
    out.set(wanted.get(row.id)!, { name: `${row.id}-${row.name}`, content: Buffer.concat(chunks) });
  }
  return out;
}
