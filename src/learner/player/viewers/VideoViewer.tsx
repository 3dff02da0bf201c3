import type { SlideViewProps } from '../types';
import { mediaContent } from './content';
import { DownloadButton } from './DownloadButton';
import { MediaPlayer } from './MediaPlayer';
import { NoFile } from './NoFile';

/** A video or audio slide from our own storage. */
export function VideoViewer({ page }: SlideViewProps) {
  const { file, downloadAddress } = mediaContent(page.content);
  if (!file) return <NoFile />;
  return (
    <>
      <MediaPlayer kind={page.slide.type === 'audio' ? 'audio' : 'video'} file={file} canDownload={!!downloadAddress} />
      <DownloadButton address={downloadAddress} />
    </>
  );
}
