import { Placeholder } from '../../ui/Placeholder';

/** Where a slide's viewer or question form is still loading: the frame keeps its height (StepFrame's minimum). */
export function SlideLoading() {
  return <Placeholder height={200} data-testid="slide-loading" />;
}
