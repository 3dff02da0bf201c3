import type { SlidePage } from '../../../shared/calls/study/pages';

/** Props of every slide viewer and question form (src/learner/player/viewers, questions). */
export interface SlideViewProps {
  page: SlidePage;
  courseId: string;
  exerciseId: string;
  /** no edits: the attempt is over, or the slide is 'Only for reading' */
  readOnly: boolean;
  /** a question form calls this after the server acknowledged a save (the shell marks the slide answered) */
  onSaved: (slideId: number) => void;
}
