import type { SlideRouteType } from '../enums';
import { defineCalls, returns } from '../http/call';
import {
  agreeQuery,
  competenciesInput,
  exerciseInput,
  linksInput,
  webinarInput,
  webinarVideoInput,
  type ExerciseInfo,
  type KeyValue,
} from '../programs';

/** A competency an exercise trains, with its weight. */
export interface Competency {
  id: number;
  name: string;
  weight: number;
}

/** A file attached to an exercise for students. */
export interface ExerciseFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  title: string | null;
  sequence: number;
  /** where to download it (GET downloadFile) */
  address: string;
}
/** A link attached to an exercise for students. */
export interface ExerciseLink {
  title: string;
  address: string;
}
export interface ExerciseFiles {
  files: ExerciseFile[];
  links: ExerciseLink[];
}

/** The recording of a webinar exercise. */
export interface WebinarRecording {
  exerciseId: number;
  link: string | null;
}

/** A slide kind an exercise type may hold (GetPageTypes). */
export interface SlideKindItem extends KeyValue<SlideRouteType> {
  apiKind: string;
  contentKind: number;
  pageType: number;
  isQuestion: boolean;
}

const P = '/api/instructors/Courses/{programId}';
const E = '/api/instructors/Exercises/{id}';
const rule = 'programs';
const info = returns<ExerciseInfo>();

/**
 * Exercises of a program (spec 3 §7.6): the three kinds (presentation, SCORM, webinar), their
 * Info, delete, the webinar's recording, work kinds, competencies and attached files.
 */
export const exerciseCalls = defineCalls('programs', {
  createPresentation: { method: 'POST', path: `${P}/Lessons/{lessonId}/Exercises/Create/Presentation`, rule, body: exerciseInput, status: 201, response: info },
  /** multipart: the package as `file`, the exercise fields beside it */
  createScorm: { method: 'POST', path: `${P}/Lessons/{lessonId}/Exercises/Create/SCORM`, rule, bodyKind: 'multipart', status: 201, response: info },
  /** chosen: replace the package of a SCORM exercise (multipart, like create) */
  replaceScorm: { method: 'POST', path: `${P}/Exercises/{id}/SCORM`, rule, bodyKind: 'multipart', response: info },
  createWebinar: { method: 'POST', path: `${P}/Lessons/{lessonId}/Exercises/Create/Webinar`, rule, body: webinarInput, status: 201, response: info },

  info: { method: 'GET', path: `${P}/Exercises/{id}/Info`, rule, response: info },
  saveInfo: { method: 'PUT', path: `${P}/Exercises/{id}/Info`, rule, body: exerciseInput, response: info },
  webinarInfo: { method: 'GET', path: `${P}/Exercises/{id}/Info/Webinar`, rule, response: info },
  saveWebinarInfo: { method: 'PUT', path: `${P}/Exercises/{id}/Info/Webinar`, rule, body: webinarInput, response: info },
  recreateWebinar: { method: 'PUT', path: `${E}/Webinar/Recreate`, rule, response: info, summary: 'A new room; the old recording is forgotten' },
  drop: { method: 'DELETE', path: `${P}/Exercises/{id}/Delete`, rule, query: agreeQuery, response: returns<{ id: number }>(), summary: 'Delete an exercise with its slides and files (isAgree=true)' },
  /** the spec's abbreviation ".../Exercises/{id}/Delete" may also mean this path (api.json expansionUncertain) */
  dropById: { method: 'DELETE', path: `${E}/Delete`, rule, query: agreeQuery, response: returns<{ id: number }>() },

  webinarRecording: { method: 'GET', path: `${E}/Pages/Webinar/Video`, rule, response: returns<WebinarRecording>() },
  saveWebinarRecording: { method: 'POST', path: '/api/instructors/Exercises/Pages/Webinar/Video', rule, body: webinarVideoInput, response: returns<{ exerciseId: number; link: string }>() },

  workKinds: { method: 'GET', path: '/api/instructors/exercises/ExerciseWorkKindTypes/{ignoreRoles}', rule, response: returns<KeyValue<number>[]>() },
  slideKinds: { method: 'GET', path: '/api/instructors/exercises/{exerciseType}/GetPageTypes', rule, response: returns<SlideKindItem[]>() },

  /** chosen: competencies (the whole list is replaced) */
  competencies: { method: 'GET', path: `${E}/Competencies`, rule, response: returns<Competency[]>() },
  saveCompetencies: { method: 'PUT', path: `${E}/Competencies`, rule, body: competenciesInput, response: returns<Competency[]>() },

  /** chosen: files and links of an exercise */
  files: { method: 'GET', path: `${E}/Files`, rule, response: returns<ExerciseFiles>() },
  uploadFile: { method: 'POST', path: `${E}/Files/Upload`, rule, bodyKind: 'multipart', status: 201, response: returns<ExerciseFile>(), summary: 'Attach a file (multipart `file`, optional `title`)' },
  downloadFile: { method: 'GET', path: `${E}/Files/{fileId}/Download`, rule, summary: 'The file’s bytes' },
  dropFile: { method: 'DELETE', path: `${E}/Files/{fileId}/Drop`, rule, response: returns<ExerciseFile[]>() },
  saveLinks: { method: 'PUT', path: `${E}/Files/Links`, rule, body: linksInput, response: returns<ExerciseLink[]>() },
}, 'exercises');
