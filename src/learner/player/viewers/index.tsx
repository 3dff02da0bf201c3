import type { SlideViewProps } from '../types';

/** Shows one slide of any kind (content kinds here; question kinds via ../questions). Owner: the viewers area. */
export function SlideViewer({ page }: SlideViewProps) {
  return <div data-testid="slide-viewer">{page.slide.label}</div>;
}
