import { LazySafeHtml } from '../../../ui/richText/LazySafeHtml';
import type { SlideViewProps } from '../types';
import { textOf } from './content';

/**
 * A text slide: the instructor's rich text, sanitised (the server cleaned it on save too). The
 * sanitiser loads beside the slide's data, not in the player's first load; until then the
 * viewer's Suspense shows the slide placeholder.
 */
export function ContentViewer({ page }: SlideViewProps) {
  return <LazySafeHtml html={textOf(page.content.html) ?? ''} data-testid="slide-content" />;
}
