import { errorCodeOf, serverText } from '../../../http/errors';

/** The text of a failed SCORM call: ours for the known answers, else the server's, else `fallback`. */
export function scormErrorText(error: unknown, translate: (key: string) => string, fallback: string): string {
  const code = errorCodeOf(error);
  if (code === '400.16') return translate('app.scorm.error.sessionNotFound');
  if (code === '400.17') return translate('app.scorm.error.timeExpired');
  if (code?.startsWith('404')) return translate('app.scorm.error.notFound');
  return serverText(error) ?? translate(fallback);
}
