import { Alert, Box } from '@mui/material';
import { forwardRef, useState, type MouseEvent } from 'react';
import { useTranslate } from '../../../app';
import { viewerKey, type MediaFile } from './content';

interface Props {
  kind: 'video' | 'audio';
  file: MediaFile;
  /** without it the browser's own download control is hidden */
  canDownload: boolean;
}

/**
 * The browser's player over the stored file (its address answers HTTP Range requests, so
 * playback starts at once and seeking does not load the whole file).
 */
export const MediaPlayer = forwardRef<HTMLMediaElement, Props>(function MediaPlayer({ kind, file, canDownload }, ref) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const props = {
    src: file.address,
    controls: true,
    preload: 'metadata',
    controlsList: canDownload ? undefined : 'nodownload',
    // the context menu offers "Save video as…"
    onContextMenu: canDownload ? undefined : (e: MouseEvent) => e.preventDefault(),
    onError: () => setFailed(true),
    'data-testid': `slide-${kind}`,
  };
  return (
    <Box>
      {kind === 'video' ? (
        <video
          ref={ref as React.Ref<HTMLVideoElement>}
          {...props}
          playsInline
          style={{ width: '100%', maxHeight: '70vh', background: '#000', display: 'block' }}
        />
      ) : (
        <audio ref={ref as React.Ref<HTMLAudioElement>} {...props} style={{ width: '100%', display: 'block' }} />
      )}
      {failed && <Alert severity="error" sx={{ mt: 1 }}>{translate(viewerKey('mediaError'))}</Alert>}
    </Box>
  );
});
