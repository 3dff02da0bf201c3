import { lazy } from 'react';

/**
 * SafeHtml for a page's first load: its sanitiser (DOMPurify, ~12 KB gzip) is not on the first
 * paint. It starts loading when the page's chunk runs, beside the page's data (which the rich
 * text is part of), so the text waits for neither. Render it inside a Suspense boundary.
 */
const sanitiser = import('./SafeHtml');
export const LazySafeHtml = lazy(() => sanitiser.then((m) => ({ default: m.SafeHtml })));
