import { Alert, Box } from '@mui/material';
import { useEffect, type ComponentType } from 'react';
import { useTranslate } from '../../../app';
import { slideKinds, type SlideRouteType } from '../../../../shared/enums';
import { sendLeftoverStats } from '../../realtime/statsHub';
import { QuestionForm } from '../questions';
import type { SlideViewProps } from '../types';
import { ContentViewer } from './ContentViewer';
import { textOf, viewerKey } from './content';
import { HostedVideoViewer } from './HostedVideoViewer';
import { PdfViewer } from './PdfViewer';
import { PresentationViewer } from './PresentationViewer';
import { SlideDescription } from './SlideDescription';
import { VideoViewer } from './VideoViewer';
import { WebViewer } from './WebViewer';

/** The viewer of every slide kind that is not a question. */
const viewers: Partial<Record<SlideRouteType, ComponentType<SlideViewProps>>> = {
  content: ContentViewer,
  video: VideoViewer,
  audio: VideoViewer,
  kinescope: HostedVideoViewer,
  pdf: PdfViewer,
  'doc-ppt': PresentationViewer,
  web: WebViewer,
};

/** Shows one slide of any kind: question kinds through the question forms, the others here. */
export function SlideViewer(props: SlideViewProps) {
  const translate = useTranslate();
  // watch time kept while offline goes out as soon as the student is back in a player
  useEffect(sendLeftoverStats, []);
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
      <View {...props} />
      {description && <SlideDescription text={description} />}
    </Box>
  );
}
