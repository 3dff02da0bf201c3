import { z } from 'zod';
import { slideKinds, type SlideRouteType } from '../enums';
import { defineCall, defineCalls, returns } from '../http/call';
import { listAnswerOf } from '../resources/paging';
import { hostedVideoUploadAnswer, hostedVideoUploadInput, slideInputs, slideOrderInput, slideRecord } from '../slides';

/** The slide as a student sees it (PreviewPage): what the player shows, never the answers. */
export interface SlidePreview {
  sessionId: string | null;
  slide: { id: number; type: SlideRouteType; contentKind: number; pageType: number; label: string; sequence: number; duration: number | null; required: boolean };
  /** by kind: html, file, address, question (without its answers) ... */
  content: Record<string, unknown>;
}

/** Details of a hosted video (get-kinescope-video-info). */
export const hostedVideoInfo = z.object({
  link: z.string(),
  downloadLinks: z.array(z.object({ link: z.string(), quality: z.string(), fileSize: z.number() })),
});
export type HostedVideoInfo = z.infer<typeof hostedVideoInfo>;

/** A bank question a question slide may show. */
export const questionChoice = z.object({ id: z.number(), label: z.string(), programId: z.number().nullable() });
export type QuestionChoice = z.infer<typeof questionChoice>;

const PAGES = '/api/instructors/Exercises/{exerciseId}/Pages';
type Pages = typeof PAGES;
const rule = 'slides';
const tags = ['slides'];
const slides = listAnswerOf(slideRecord);

/** Create, load and edit of one slide kind (its API kind in the path, its own body). */
function kindCalls<K extends SlideRouteType>(type: K) {
  const { apiKind } = slideKinds[type];
  const body = slideInputs[type] as (typeof slideInputs)[K];
  return {
    create: defineCall({ name: `slides.${type}.create`, method: 'POST', path: `${PAGES}/${apiKind}` as `${Pages}/${string}`, rule, body, status: 201, response: slideRecord, tags, summary: `Create a ${type} slide` }),
    get: defineCall({ name: `slides.${type}.get`, method: 'GET', path: `${PAGES}/{slideId}/${apiKind}` as `${Pages}/{slideId}/${string}`, rule, response: slideRecord, tags, summary: `Load a ${type} slide for editing` }),
    edit: defineCall({ name: `slides.${type}.edit`, method: 'PUT', path: `${PAGES}/{slideId}/Edit/${apiKind}` as `${Pages}/{slideId}/Edit/${string}`, rule, body, response: slideRecord, tags, summary: `Edit a ${type} slide (same body as create)` }),
  };
}
type KindCalls = { [K in SlideRouteType]: ReturnType<typeof kindCalls<K>> };

/** The calls of each of the fourteen slide kinds, by route type. */
export const slideKindCalls = Object.fromEntries((Object.keys(slideKinds) as SlideRouteType[]).map((t) => [t, kindCalls(t)])) as KindCalls;

/**
 * Slides (API "Page") of an exercise, spec 3 §7.6: the list, order, drop, preview; bank
 * questions for the question kinds and the hosted video. Every call needs the 'slides' rule.
 */
export const slideCalls = defineCalls('slides', {
  list: { method: 'GET', path: PAGES, rule, response: slides, summary: 'Slides of an exercise in their order (one record shape with the detail)' },
  sort: { method: 'POST', path: `${PAGES}/Sort`, rule, body: slideOrderInput, response: slides, summary: 'Reorder the slides: `orders` lists every slide id once, in the new order' },
  drop: { method: 'DELETE', path: `${PAGES}/{slideId}/Drop`, rule, status: 204, summary: 'Drop a slide (the order closes up)' },
  preview: {
    method: 'POST', reads: true,
    path: `${PAGES}/{slideId}/PreviewPage`,
    rule,
    body: z.object({ sessionId: z.union([z.string(), z.number()]).nullish() }).nullish(),
    response: returns<SlidePreview>(),
    summary: 'The slide as a student sees it (no answers); sessionId optional',
  },
  hostedVideoInfo: {
    method: 'GET',
    path: '/api/instructors/exercises/get-kinescope-video-info',
    rule,
    query: z.object({ link: z.string().min(1).max(2000) }),
    response: hostedVideoInfo,
    summary: 'Details of a hosted video by its link: { link, downloadLinks[{ link, quality, fileSize }] } (own storage by default; Kinescope when configured)',
  },
  questionChoices: {
    method: 'GET',
    path: '/api/instructors/questions/types/{type}',
    rule,
    query: z.object({ search: z.string().max(200).optional(), courseId: z.coerce.number().int().positive().optional() }),
    response: z.array(questionChoice),
    summary: 'Bank questions a question slide may show: type answers | free | matches | sequence | code (or the ContentKind code); ?search=, ?courseId=',
  },
  startHostedUpload: {
    method: 'POST',
    path: '/api/instructors/Storage/Kinescope/Upload/{exerciseId}',
    rule,
    body: hostedVideoUploadInput,
    response: hostedVideoUploadAnswer,
    summary: 'Start a hosted-video upload: creates the slide and answers { uploadEndpoint, pageId, metadata } for a resumable (tus) upload',
  },
});
