import { asc, eq } from 'drizzle-orm';
import type { SlidePreview } from '../../../shared/calls/slides.js';
import type { SlideRecord } from '../../../shared/slides.js';
import type { Db } from '../../db/client.js';
import {
  closedQuestionOptions,
  closedQuestions,
  codeQuestions,
  freeQuestions,
  matchingOptions,
  matchingQuestions,
  matchingTargets,
  sequenceItems,
  sequenceQuestions,
} from '../../db/schema/index.js';
import { questionItems } from '../attributes/question.js';

/** A stable shuffle (the same order each time for one question), so the right order is not the shown one. */
function stableShuffle<T extends { id: number }>(items: T[], seed: number): T[] {
  const key = (id: number) => ((id * 2654435761 + seed * 40503) >>> 0) % 1_000_003;
  return [...items].sort((a, b) => key(a.id) - key(b.id));
}

/**
 * The slide as a student sees it (POST .../Pages/{slideId}/PreviewPage): what the player
 * shows, and never the answers — no correct flags, no correct order, no test outputs.
 */
export async function previewSlide(db: Db, slide: SlideRecord, sessionId: string | null): Promise<SlidePreview> {
  const head = {
    id: slide.id,
    type: slide.type,
    contentKind: slide.contentKind,
    pageType: slide.pageType,
    label: slide.label,
    sequence: slide.sequence,
    duration: slide.duration,
    required: slide.required,
  };
  const media = () => ({
    file: slide.file ? { name: slide.file.name, mime: slide.file.mime, size: slide.file.size, address: slide.file.address } : null,
    downloadPermission: slide.downloadPermission,
    downloadAddress: slide.downloadPermission && slide.file ? `${slide.file.address}?download=1` : null,
    description: slide.description,
  });
  let content: Record<string, unknown> = {};
  const qid = slide.page;
  switch (slide.type) {
    case 'content':
      content = { html: slide.html ?? '' };
      break;
    case 'video':
    case 'audio':
    case 'pdf':
    case 'doc-ppt':
      content = media();
      break;
    case 'kinescope':
      content = { ...media(), link: slide.file ? slide.file.address : slide.link, videoId: slide.videoId };
      break;
    case 'web':
      content = { address: slide.address, description: slide.description };
      break;
    case 'file-question':
      content = { html: slide.html ?? '', maxFiles: slide.maxFiles, allowedExtensions: slide.allowedExtensions, maxFileSizeMb: slide.maxFileSizeMb };
      break;
    case 'attributes-question': {
      // the whole form items (types, rules, choices, chains): the player renders and checks them as the server does
      content = { html: slide.html ?? '', attributes: slide.attributeIds.length ? await questionItems(db, slide.attributeIds) : [] };
      break;
    }
    case 'answers-question': {
      const [q] = qid ? await db.select().from(closedQuestions).where(eq(closedQuestions.id, qid)) : [];
      const options = q
        ? await db.select({ id: closedQuestionOptions.id, text: closedQuestionOptions.text }).from(closedQuestionOptions).where(eq(closedQuestionOptions.questionId, q.id)).orderBy(asc(closedQuestionOptions.sequence), asc(closedQuestionOptions.id))
        : [];
      content = { question: q ? { id: q.id, label: q.label, text: q.text, choiceMode: q.choiceMode, options } : null };
      break;
    }
    case 'free-question': {
      const [q] = qid ? await db.select().from(freeQuestions).where(eq(freeQuestions.id, qid)) : [];
      content = { question: q ? { id: q.id, label: q.label, text: q.text, inputType: q.inputType, min: q.min, max: q.max } : null };
      break;
    }
    case 'matching-question': {
      const [q] = qid ? await db.select().from(matchingQuestions).where(eq(matchingQuestions.id, qid)) : [];
      const targets = q ? await db.select({ id: matchingTargets.id, text: matchingTargets.text }).from(matchingTargets).where(eq(matchingTargets.questionId, q.id)).orderBy(asc(matchingTargets.sequence), asc(matchingTargets.id)) : [];
      const options = q ? await db.select({ id: matchingOptions.id, text: matchingOptions.text }).from(matchingOptions).where(eq(matchingOptions.questionId, q.id)) : [];
      content = { question: q ? { id: q.id, label: q.label, text: q.text, targets, options: stableShuffle(options, q.id) } : null };
      break;
    }
    case 'sequence-question': {
      const [q] = qid ? await db.select().from(sequenceQuestions).where(eq(sequenceQuestions.id, qid)) : [];
      const items = q ? await db.select({ id: sequenceItems.id, text: sequenceItems.text }).from(sequenceItems).where(eq(sequenceItems.questionId, q.id)) : [];
      content = { question: q ? { id: q.id, label: q.label, text: q.text, items: stableShuffle(items, q.id) } : null };
      break;
    }
    case 'code-question': {
      const [q] = qid ? await db.select().from(codeQuestions).where(eq(codeQuestions.id, qid)) : [];
      content = { question: q ? { id: q.id, label: q.label, text: q.text, starterCode: q.starterCode, language: q.language } : null };
      break;
    }
  }
  return { sessionId, slide: head, content };
}
