import { Alert, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../../app';
import type { SlideViewProps } from '../types';
import { isPdf, mediaContent, viewerKey } from './content';
import { DownloadButton } from './DownloadButton';
import { NoFile } from './NoFile';
import { PdfViewer } from './PdfViewer';

/**
 * A presentation slide. A presentation saved as PDF is shown like a PDF slide. PowerPoint
 * and other Office files are not rendered in the page: a browser cannot draw them itself,
 * and the usual viewers either need a converter on the server (LibreOffice, not part of
 * this deployment) or an outside service that must fetch the file from a public address
 * (Office Online, Google), which would hand course material to a third party. So the
 * student sees its name and, when the slide allows, downloads it.
 */
export function PresentationViewer(props: SlideViewProps) {
  const translate = useTranslate();
  const { file, downloadAddress } = mediaContent(props.page.content);
  if (!file) return <NoFile />;
  if (isPdf(file)) return <PdfViewer {...props} />;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="slide-presentation">
      <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
      <Typography color="text.secondary">{translate(viewerKey('presentation.offline'))}</Typography>
      {downloadAddress ? (
        <DownloadButton address={downloadAddress} />
      ) : (
        <Alert severity="info">{translate(viewerKey('presentation.noDownload'))}</Alert>
      )}
    </Stack>
  );
}
