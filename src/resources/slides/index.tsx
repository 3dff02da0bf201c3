import type { ComponentType } from 'react';
import { slideKinds, type SlideRouteType } from '../../shared/enums';
import { SlideList } from './SlideList';
import { SlideCreate, SlideEdit } from './SlideScreens';

export { slidesMessages, slidesRu, slidesEn } from './i18n';
export { SlideList } from './SlideList';
export { SlideCreate, SlideEdit } from './SlideScreens';
export { RichTextEditor } from './RichTextEditor';
export { FileUploadInput } from './FileUploadInput';
export { uploadFile, slidesApi } from './api';

const base = ':programId/:lessonId/:exerciseId/slides';
const typed = (type: SlideRouteType, edit: boolean): ComponentType => {
  const Screen = () => (edit ? <SlideEdit type={type} /> : <SlideCreate type={type} />);
  Screen.displayName = `Slide${edit ? 'Edit' : 'Create'}(${type})`;
  return Screen;
};

/**
 * Slide screens under /programs (spec 1 §2.8), as [path relative to /programs, screen]:
 * the list, the typed create/edit routes of every kind (code-question included), then the
 * generic `/slides/{type}/create` and `/slides/{type}/{slideId}` (literal segments first).
 */
export const slideRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  [base, SlideList],
  ...(Object.keys(slideKinds) as SlideRouteType[]).flatMap((type) => [
    [`${base}/${type}/create`, typed(type, false)] as const,
    [`${base}/${type}/:slideId/edit`, typed(type, true)] as const,
  ]),
  [`${base}/:type/create`, () => <SlideCreate />],
  [`${base}/:type/:slideId`, () => <SlideEdit />],
];
