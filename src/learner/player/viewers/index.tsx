import { Alert, Box } from '@mui/material';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslate } from '../../../app';
import { slideKinds, type SlideRouteType } from '../../../../shared/enums';
import { QuestionForm } from '../questions';
import { sendLeftoverStatsSoon } from '../../realtime/leftoverStats';
import { SlideLoading } from '../SlideLoading';
import type { SlideViewProps } from '../types';
import { ContentViewer } from './ContentViewer';
import { textOf, viewerKey } from './content';
import { SlideDescription } from './SlideDescription';

/**
 * The viewer of every slide kind that is not a question. The text slide's viewer is part of the
 * player's chunk (the demo course's first slide is a text slide, and text slides are the common
 * kind); every other kind's viewer loads when a slide of that kind opens.
 */
const viewers: Partial<Record<SlideRouteType, ComponentType<SlideViewProps>>> = {
  content: ContentViewer,
  // two lazy components on purpose: a video slide followed by an audio one must remount the player
  // (one shared component type kept the first slide's player, and «Далее» stayed on it)
  video: lazy(() => import('./VideoViewer').then((m) => ({ default: m.VideoViewer }))),
  audio: lazy(() => import('./VideoViewer').then((m) => ({ default: m.VideoViewer }))),
  kinescope: lazy(() => import('./HostedVideoViewer').then((m) => ({ default: m.HostedVideoViewer }))),
  pdf: lazy(() => import('./PdfViewer').then((m) => ({ default: m.PdfViewer }))),
  'doc-ppt': lazy(() => import('./PresentationViewer').then((m) => ({ default: m.PresentationViewer }))),
  web: lazy(() => import('./WebViewer').then((m) => ({ default: m.WebViewer }))),
};

/** Shows one slide of any kind: question kinds through the question forms, the others here. */
export function SlideViewer(props: SlideViewProps) {
  const translate = useTranslate();
  useEffect(sendLeftoverStatsSoon, []);
  const type = props.page.slide.type;
  // the type comes from the server's JSON: an unknown one must not crash the player
  const known = Object.hasOwn(slideKinds, type);
  if (known && slideKinds[type].isQuestion) return <QuestionForm {...props} />;
  const View = known ? viewers[type] : undefined;
  if (!View) {
    return <Alert severity="error" data-testid="slide-unknown-type">{translate(viewerKey('unknownType'))}</Alert>;
  }
  const description = textOf(props.page.content.description);
  return (
    <Box data-testid="slide-viewer" data-slide-type={type} sx={{ width: '100%', minWidth: 0 }}>
      <Suspense fallback={<SlideLoading />}><View {...props} /></Suspense>
      {description && <SlideDescription text={description} />}
    </Box>
  );
}
