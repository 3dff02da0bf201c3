/**
 * Slides (API "Page"): the input of each of the fourteen kinds and the one record shape
 * the API answers (list and detail alike). Shared by the client's forms and the server's
 * validation. Plain data, zod and pure functions only.
 */
import { z } from 'zod';
import { uploadKinds, type StoredFile } from './files';
import { slideKinds, type SlideRouteType } from './enums';

/** Message keys (server/i18n and the client catalogue translate them). */
/** a missing value is 'required', a value of another type 'invalidType' (zod 4 passes the input to the error function) */
const typeError = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType') };
const m = {
  required: typeError,
  type: typeError,
  /** an empty string or list */
  empty: { message: 'validation.required' },
  tooLong: { message: 'validation.tooLong' },
  tooSmall: { message: 'validation.tooSmall' },
  tooBig: { message: 'validation.tooBig' },
  https: { message: 'slides.httpsOnly' },
} as const;

export const SLIDE_LABEL_MAX = 500;
export const SLIDE_HTML_MAX = 500_000;
/** longest duration a slide may set (seconds) */
export const SLIDE_DURATION_MAX = 24 * 3600;

const id = z.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);
const label = z.string(m.required).trim().min(1, m.empty).max(SLIDE_LABEL_MAX, m.tooLong);
const html = z.string(m.required).max(SLIDE_HTML_MAX, m.tooLong);
const description = z.string(m.type).max(5000, m.tooLong).nullish();
/** seconds a student spends on the slide (minimum viewing time); null = not set */
const duration = z.number(m.type).int(m.type).min(0, m.tooSmall).max(SLIDE_DURATION_MAX, m.tooBig).nullish();
const httpsUrl = z
  .string(m.required)
  .trim()
  .min(1, m.empty)
  .max(2000, m.tooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && !!u.hostname;
    } catch {
      return false;
    }
  }, m.https);

const base = {
  label,
  duration,
  /** the student must answer / view it before finishing */
  required: z.boolean(m.type).optional(),
};

const question = z.object({
  ...base,
  /** the bank question shown on the slide (spec: field `page`) */
  page: id,
  maxScore: z.number(m.type).min(0, m.tooSmall).max(1000, m.tooBig).optional(),
  downloadPermission: z.boolean(m.type).optional(),
});

const media = z.object({
  ...base,
  fileId: id,
  description,
  downloadPermission: z.boolean(m.type).optional(),
});

/** Input of each kind (create and edit take the same body). */
export const slideInputs = {
  content: z.object({ ...base, html: html.min(1, m.empty) }),
  'answers-question': question,
  'free-question': question,
  'file-question': z.object({
    ...base,
    html: html.optional(),
    maxFiles: z.number(m.type).int(m.type).min(1, m.tooSmall).max(20, m.tooBig).optional(),
    allowedExtensions: z.array(z.string(m.type).trim().toLowerCase().regex(/^\.?[a-z0-9]{1,10}$/, { message: 'validation.invalid' }), m.type).max(50, m.tooBig).optional(),
    maxFileSizeMb: z.number(m.type).min(0.01, m.tooSmall).max(uploadKinds.attachment.maxMb, m.tooBig).optional(),
  }),
  'attributes-question': z.object({
    ...base,
    html: html.optional(),
    attributeIds: z.array(id, m.type).min(1, m.empty).max(100, m.tooBig),
  }),
  video: media,
  web: z.object({ ...base, address: httpsUrl, description }),
  audio: media,
  pdf: media,
  'doc-ppt': media,
  kinescope: z
    .object({
      ...base,
      /** the video in our own storage (the default hosting) */
      fileId: id.nullish(),
      /** a video of the external hosting service (its adapter must be configured) */
      link: httpsUrl.nullish(),
      videoId: z.string(m.type).max(200, m.tooLong).nullish(),
      description,
      downloadPermission: z.boolean(m.type).optional(),
    })
    .refine((v) => v.fileId != null || v.link != null || (v.videoId != null && v.videoId !== ''), { message: 'validation.required', path: ['fileId'] }),
  'sequence-question': question,
  'matching-question': question,
  'code-question': question,
} as const satisfies Record<SlideRouteType, z.ZodType>;

export type SlideInput<K extends SlideRouteType = SlideRouteType> = z.infer<(typeof slideInputs)[K]>;

/** Which upload kind a media slide's file must be. */
export const slideFileKind: Partial<Record<SlideRouteType, keyof typeof uploadKinds>> = {
  video: 'video',
  audio: 'audio',
  pdf: 'pdf',
  'doc-ppt': 'pptx',
  kinescope: 'video',
};

/** Question slides and the bank each one draws from. */
export const slideQuestionBank: Partial<Record<SlideRouteType, 'closed' | 'free' | 'matching' | 'sequence' | 'code'>> = {
  'answers-question': 'closed',
  'free-question': 'free',
  'matching-question': 'matching',
  'sequence-question': 'sequence',
  'code-question': 'code',
};

/** The one record shape of a slide (list and detail). */
export interface SlideRecord {
  id: number;
  exerciseId: number;
  sequence: number;
  type: SlideRouteType;
  apiKind: string;
  contentKind: number;
  pageType: number;
  label: string;
  duration: number | null;
  required: boolean;
  downloadPermission: boolean;
  maxScore: number;
  /** question slides: the bank question id */
  page: number | null;
  question: { id: number; label: string } | null;
  html: string | null;
  description: string | null;
  address: string | null;
  fileId: number | null;
  file: StoredFile | null;
  attributeIds: number[];
  maxFiles: number | null;
  allowedExtensions: string[];
  maxFileSizeMb: number | null;
  link: string | null;
  videoId: string | null;
}

const storedFile = z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number(), address: z.string() });
export const slideRecord = z.object({
  id: z.number(),
  exerciseId: z.number(),
  sequence: z.number(),
  type: z.enum(Object.keys(slideKinds) as [SlideRouteType, ...SlideRouteType[]]),
  apiKind: z.string(),
  contentKind: z.number(),
  pageType: z.number(),
  label: z.string(),
  duration: z.number().nullable(),
  required: z.boolean(),
  downloadPermission: z.boolean(),
  maxScore: z.number(),
  page: z.number().nullable(),
  question: z.object({ id: z.number(), label: z.string() }).nullable(),
  html: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  fileId: z.number().nullable(),
  file: storedFile.nullable(),
  attributeIds: z.array(z.number()),
  maxFiles: z.number().nullable(),
  allowedExtensions: z.array(z.string()),
  maxFileSizeMb: z.number().nullable(),
  link: z.string().nullable(),
  videoId: z.string().nullable(),
}) satisfies z.ZodType<SlideRecord>;

/** Body of the slide reorder call: slide ids in their new order. */
export const slideOrderInput = z.object({ orders: z.array(id, m.type).min(1, m.empty).max(1000, m.tooBig) });

/** The Kinescope-style upload request (spec 3 §3): title, filename, size → an upload endpoint. */
export const hostedVideoUploadInput = z.object({
  title: label,
  filename: z.string(m.required).trim().min(1, m.empty).max(255, m.tooLong),
  size: z.number(m.type).int(m.type).min(1, m.tooSmall),
});
/** The answer of that request. */
export const hostedVideoUploadAnswer = z.object({
  /** where to send the bytes with tus (for our own storage: the tus endpoint, with `metadata`) */
  uploadEndpoint: z.string(),
  /** the hosted-video slide created for it */
  pageId: z.number(),
  /** Upload-Metadata the client must send with it */
  metadata: z.record(z.string(), z.string()),
});
export type HostedVideoUploadAnswer = z.infer<typeof hostedVideoUploadAnswer>;

/** Editor font sizes of spec 2 §6: integer 1..72 px, default 16, and the presets. */
export const EDITOR_FONT_SIZE = { min: 1, max: 72, default: 16, presets: [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 72] } as const;

