import { lazy, Suspense, type ComponentType } from 'react';
import type { SlideRouteType } from '../../../../shared/enums';
import { withTexts } from '../../../i18n/lazyTexts';
import type { SlideViewProps } from '../types';
import { SlideLoading } from '../SlideLoading';

/**
 * Each kind's form loads when a slide of that kind opens: the forms bring text fields, drag
 * and drop, file uploads, the attribute inputs and their validation, none of which a lecture's
 * first slide needs.
 */
const forms: Partial<Record<SlideRouteType, ComponentType<SlideViewProps>>> = {
  'answers-question': lazy(() => withTexts('playerQuestions', import('./ChoiceForm')).then((m) => ({ default: m.ChoiceForm }))),
  'free-question': lazy(() => withTexts('playerQuestions', import('./FreeForm')).then((m) => ({ default: m.FreeForm }))),
  'file-question': lazy(() => withTexts('playerQuestions', import('./FileForm')).then((m) => ({ default: m.FileForm }))),
  'matching-question': lazy(() => withTexts('playerQuestions', import('./MatchingForm')).then((m) => ({ default: m.MatchingForm }))),
  'sequence-question': lazy(() => withTexts('playerQuestions', import('./SequenceForm')).then((m) => ({ default: m.SequenceForm }))),
  // the attribute inputs' texts come with the profile's
  'attributes-question': lazy(() => withTexts(['playerQuestions', 'profile'], import('./AttributesForm')).then((m) => ({ default: m.AttributesForm }))),
  'code-question': lazy(() => withTexts('playerQuestions', import('./CodeForm')).then((m) => ({ default: m.CodeForm }))),
};
/** a question of a kind the player has no form for says so, in the forms' words */
const Unknown = lazy(() => withTexts('playerQuestions', import('./UnknownKind')).then((m) => ({ default: m.UnknownKind })));

/**
 * The answer form of a question slide, per kind: it shows the question, pre-fills the
 * answer saved in this attempt, saves through the kind's save call and calls onSaved once
 * the server acknowledged. Keyed by slide and saved answer: another slide starts a fresh
 * form, and so does a reload that brings a newer saved answer (the shell shows a cached
 * slide first and refetches it when the student comes back to it).
 */
export function QuestionForm(props: SlideViewProps) {
  const key = `${props.page.sessionId}-${props.page.slideId}-${JSON.stringify(props.page.answer ?? null)}`;
  const Form = Object.hasOwn(forms, props.page.slide.type) ? forms[props.page.slide.type] : undefined;
  return <Suspense fallback={<SlideLoading />}>{Form ? <Form key={key} {...props} /> : <Unknown message="app.playerQuestions.errors.unknownQuestion" />}</Suspense>;
}
