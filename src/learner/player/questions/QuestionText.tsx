import { SafeHtml } from '../../../ui/richText/SafeHtml';

/** The question's text: stored rich text, sanitised by the app's learner-safe renderer (DOMPurify, spec 2 §6 policy). */
export function QuestionText({ html }: { html: string | null | undefined }) {
  if (!html) return null;
  return <SafeHtml html={html} sx={{ mb: 2, '& pre': { overflowX: 'auto' } }} data-testid="question-text" />;
}
