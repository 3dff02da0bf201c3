import { useEffect } from 'react';
import { useTranslate } from 'ra-core';

/** The browser's title for the page: `title — ЭОП` (the app's name in the UI language: ELP in English). */
export function Title({ title }: { title: string }) {
  const name = useTranslate()('app.common.appName');
  useEffect(() => {
    document.title = title ? `${title} — ${name}` : name;
  }, [title, name]);
  return null;
}
