import { useEffect } from 'react';

const APP_NAME = 'ELP';

/** The browser's title for the page: `title — ELP`. */
export function Title({ title }: { title: string }) {
  useEffect(() => {
    document.title = title ? `${title} — ${APP_NAME}` : APP_NAME;
  }, [title]);
  return null;
}
