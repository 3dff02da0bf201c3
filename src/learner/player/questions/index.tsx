import type { SlideViewProps } from '../types';

/** The answer form of a question slide: shows the saved answer, saves on change/submit. Owner: the questions area. */
export function QuestionForm({ page }: SlideViewProps) {
  return <div data-testid="question-form">{page.slide.label}</div>;
}
