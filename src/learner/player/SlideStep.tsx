import { useTranslate } from '../../app';
import { StepFrame, SlideTitle } from './StepFrame';
import type { SlidePage } from '../../../shared/calls/study/pages';
import { SlideViewer } from './viewers';

/** A slide step: the slide in the carousel frame, rendered by the viewers area (questions included). */
export function SlideStep({ courseId, exerciseId, page, loadedAt, answered, onSaved }: {
  courseId: string;
  exerciseId: string;
  page: SlidePage;
  loadedAt: number;
  answered: ReadonlySet<number>;
  onSaved: (slideId: number) => void;
}) {
  const translate = useTranslate();
  const readOnly = page.readOnly || page.onlyForReading;
  return (
    <StepFrame
      courseId={courseId}
      page={page}
      loadedAt={loadedAt}
      answeredCount={answered.size}
      number={page.number}
      onlyForReading={page.onlyForReading}
      previous={page.previous}
      next={page.next}
      nextLabel={translate('app.player.slide.continue')}
    >
      <SlideTitle step={page.slideId}>{page.slide.label}</SlideTitle>
      <SlideViewer key={page.slide.id} page={page} courseId={courseId} exerciseId={exerciseId} readOnly={readOnly} onSaved={onSaved} />
    </StepFrame>
  );
}
