import { SafeHtml } from '../../../ui/richText/SafeHtml';
import type { SlideViewProps } from '../types';
import { textOf } from './content';

/** A text slide: the instructor's rich text, sanitised (the server cleaned it on save too). */
export function ContentViewer({ page }: SlideViewProps) {
  return <SafeHtml html={textOf(page.content.html) ?? ''} data-testid="slide-content" />;
}
