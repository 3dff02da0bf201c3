import type { SlideViewProps } from '../types';
import { AttributesForm } from './AttributesForm';
import { ChoiceForm } from './ChoiceForm';
import { CodeForm } from './CodeForm';
import { FileForm } from './FileForm';
import { FreeForm } from './FreeForm';
import { MatchingForm } from './MatchingForm';
import { SequenceForm } from './SequenceForm';
import { UnknownKind } from './UnknownKind';

/**
 * The answer form of a question slide, per kind: it shows the question, pre-fills the
 * answer saved in this attempt, saves through the kind's save call and calls onSaved once
 * the server acknowledged. Keyed by slide and saved answer: another slide starts a fresh
 * form, and so does a reload that brings a newer saved answer (the shell shows a cached
 * slide first and refetches it when the student comes back to it).
 */
export function QuestionForm(props: SlideViewProps) {
  const key = `${props.page.sessionId}-${props.page.slideId}-${JSON.stringify(props.page.answer ?? null)}`;
  switch (props.page.slide.type) {
    case 'answers-question':
      return <ChoiceForm key={key} {...props} />;
    case 'free-question':
      return <FreeForm key={key} {...props} />;
    case 'file-question':
      return <FileForm key={key} {...props} />;
    case 'matching-question':
      return <MatchingForm key={key} {...props} />;
    case 'sequence-question':
      return <SequenceForm key={key} {...props} />;
    case 'attributes-question':
      return <AttributesForm key={key} {...props} />;
    case 'code-question':
      return <CodeForm key={key} {...props} />;
    default:
      return <UnknownKind message="app.playerQuestions.errors.unknownQuestion" />;
  }
}
