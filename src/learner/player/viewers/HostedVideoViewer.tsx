import { Alert, Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useNotify, useTranslate } from '../../../app';
import { isAllowedEmbedSrc } from '../../../../shared/resources/richText';
import { useStatsHub } from '../../realtime/useStatsHub';
import type { SlideViewProps } from '../types';
import { mediaContent, textOf, viewerKey, type MediaFile } from './content';
import { DownloadButton } from './DownloadButton';
import { MediaPlayer } from './MediaPlayer';
import { NoFile } from './NoFile';
import { useWatchTime } from './watchTime/useWatchTime';

/**
 * A hosted-video slide (route kind `kinescope`). A video kept in our storage plays in the
 * browser's player and its watch time goes to the stats hub (spec 2 §9); a video site's embed
 * link plays in that site's own player, whose playback events we cannot see.
 */
export function HostedVideoViewer(props: SlideViewProps) {
  const { file, downloadAddress } = mediaContent(props.page.content);
  const link = textOf(props.page.content.link);
  if (file) return <TrackedVideo {...props} file={file} downloadAddress={downloadAddress} />;
  if (link && isAllowedEmbedSrc(link)) {
    return (
      <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
        <iframe
          src={link}
          title={props.page.slide.label}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          data-testid="slide-hosted-embed"
        />
      </Box>
    );
  }
  return <NoFile />;
}

function TrackedVideo({ page, courseId, exerciseId, file, downloadAddress }: SlideViewProps & { file: MediaFile; downloadAddress: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const video = useRef<HTMLMediaElement>(null);
  const { status, save } = useStatsHub();
  useWatchTime(
    video,
    ({ start, end }) => save({ courseId: Number(courseId), exerciseId: Number(exerciseId), slideId: page.slide.id, sessionId: page.sessionId, start, end }),
    `${page.sessionId}:${page.slide.id}`,
  );

  // spec 3 §8.11: while the connection is lost playback is held, and its return is announced
  const lost = status === 'lost';
  const wasLost = useRef(false);
  useEffect(() => {
    const el = video.current;
    if (lost) {
      wasLost.current = true;
      el?.pause();
      const hold = () => el?.pause();
      el?.addEventListener('play', hold);
      return () => el?.removeEventListener('play', hold);
    }
    if (status === 'connected' && wasLost.current) {
      wasLost.current = false;
      notify(viewerKey('video.connectionRestored'), { type: 'success' });
    }
  }, [lost, status, notify]);

  return (
    <>
      {lost && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="hosted-video-connection-lost">
          {translate(viewerKey('video.connectionLost'))}
        </Alert>
      )}
      <MediaPlayer ref={video} kind="video" file={file} canDownload={!!downloadAddress} />
      <DownloadButton address={downloadAddress} />
    </>
  );
}
