import { CircularProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { slideKinds, type SlideRouteType } from '../../../shared/enums';

export { slidesMessages, slidesRu, slidesEn } from './i18n';

// the editor (tiptap), drag and drop and tus load with the slide screens, not with the app
const SlideList = lazy(() => import('./SlideList').then((m) => ({ default: m.SlideList })));
const SlideCreate = lazy(() => import('./SlideScreens').then((m) => ({ default: m.SlideCreate })));
const SlideEdit = lazy(() => import('./SlideScreens').then((m) => ({ default: m.SlideEdit })));

const wait = <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} />;
const screen = (name: string, render: () => React.ReactNode): ComponentType => {
  const Screen = () => <Suspense fallback={wait}>{render()}</Suspense>;
  Screen.displayName = name;
  return Screen;
};

const base = ':programId/:lessonId/:exerciseId/slides';

/**
 * Slide screens under /programs (spec 1 §2.8), as [path relative to /programs, screen]:
 * the list, the typed create/edit routes of every kind (code-question included), then the
 * generic `/slides/{type}/create` and `/slides/{type}/{slideId}` (literal segments first).
 */
export const slideRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  [base, screen('SlideList', () => <SlideList />)],
  ...(Object.keys(slideKinds) as SlideRouteType[]).flatMap((type) => [
    [`${base}/${type}/create`, screen(`SlideCreate(${type})`, () => <SlideCreate type={type} />)] as const,
    [`${base}/${type}/:slideId/edit`, screen(`SlideEdit(${type})`, () => <SlideEdit type={type} />)] as const,
  ]),
  [`${base}/:type/create`, screen('SlideCreate', () => <SlideCreate />)],
  [`${base}/:type/:slideId`, screen('SlideEdit', () => <SlideEdit />)],
];
