import { useTranslate } from '../app';
import { ErrorPage, LinkAction } from './ErrorPage';

/** Error pages "by key" of spec 3 §8.10 that need nothing but a title (and a code). */
const pages = {
  noData: { code: undefined, back: undefined },
  inDevelopment: { code: undefined, back: undefined },
  invitationNotFound: { code: '404', back: '/' },
  invitationUnavailable: { code: undefined, back: '/' },
  courseUnavailable: { code: undefined, back: '/' },
  lessonOrCourseUnavailable: { code: undefined, back: '/' },
  courseOrExerciseNotFound: { code: '404', back: '/' },
  exerciseNoAccess: { code: '403', back: '/' },
  certificateUnavailable: { code: undefined, back: '/' },
  slideUnauthorized: { code: '401', back: '/' },
  slideNotFound: { code: '404', back: '/' },
} as const;

export type ErrorPageKey = keyof typeof pages;
export const errorPageKeys = Object.keys(pages) as ErrorPageKey[];

/**
 * One of the keyed pages. `backTo` overrides where its button leads (e.g. the course page);
 * `text` adds a line under the title (e.g. the server's description).
 */
export function KeyedErrorPage({ kind, backTo, text }: { kind: ErrorPageKey; backTo?: string; text?: string }) {
  const translate = useTranslate();
  const page = pages[kind];
  const back = backTo ?? page.back;
  const defaultText = translate(`app.errors.${kind}.text`, { _: '' });
  return (
    <ErrorPage
      code={page.code}
      title={translate(`app.errors.${kind}.title`)}
      text={text ?? (defaultText || undefined)}
      actions={back ? <LinkAction to={back} label="app.common.backHome" /> : undefined}
    />
  );
}
