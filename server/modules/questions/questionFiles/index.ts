import type { ParsedQuestion } from '../importSheet.js';
import { readGift, writeGift } from './gift.js';
import type { MediaMap } from './media.js';
import type { FileFormat, ReadResult, WriteResult } from './model.js';
import { isMoodleXml, readMoodleXml, writeMoodleXml } from './moodleXml.js';
import { isQtiXml, isZip, readQti, writeQti } from './qti.js';

export { FILE_FORMATS, type FileFormat, type FileNote, type ReadResult } from './model.js';
export { collectMedia, storeMedia } from './media.js';

/** Which question file this is: a zip is an xlsx (the sheet) or a QTI package; XML is Moodle or QTI; other text is GIFT. */
export function detectFormat(content: Buffer, name: string): FileFormat | 'xlsx' {
  // a file named .xlsx is read as the sheet even when it is not one (the sheet's own error answers)
  if (/\.xlsx$/i.test(name)) return 'xlsx';
  if (isZip(content)) return 'qti';
  const head = content.subarray(0, 4000).toString('utf8');
  if (isMoodleXml(head)) return 'moodle';
  if (isQtiXml(head)) return 'qti';
  return 'gift';
}

/** Reads a question file; throws on a file that is not one (the caller answers 400). */
export async function readQuestionFile(format: FileFormat, content: Buffer, maxUnpacked: number): Promise<ReadResult> {
  switch (format) {
    case 'gift':
      return readGift(content.toString('utf8'));
    case 'moodle':
      return readMoodleXml(content.toString('utf8'));
    case 'qti':
      return readQti(content, maxUnpacked);
  }
}

export const FILE_TYPES: Record<FileFormat, { ext: string; mime: string }> = {
  gift: { ext: 'gift.txt', mime: 'text/plain; charset=utf-8' },
  moodle: { ext: 'moodle.xml', mime: 'application/xml; charset=utf-8' },
  qti: { ext: 'qti.zip', mime: 'application/zip' },
};

export async function writeQuestionFile(format: FileFormat, questions: ParsedQuestion[], bankName: string, media: MediaMap): Promise<WriteResult> {
  switch (format) {
    case 'gift':
      return writeGift(questions, bankName);
    case 'moodle':
      return writeMoodleXml(questions, bankName, media);
    case 'qti':
      return writeQti(questions, bankName, media);
  }
}
