import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { SlideViewProps } from '../types';
import { mediaContent } from './content';
import { DownloadButton } from './DownloadButton';
import { NoFile } from './NoFile';

// react-pdf and pdf.js are large: only a PDF slide loads them
const PdfDocument = lazy(() => import('./PdfDocument'));

/** A PDF slide; the download button shows only with the slide's permission (spec 1 §2.3). */
export function PdfViewer({ page }: SlideViewProps) {
  const { file, downloadAddress } = mediaContent(page.content);
  if (!file) return <NoFile />;
  return (
    <>
      <Suspense fallback={<CircularProgress size={28} />}>
        <PdfDocument address={file.address} title={file.name} />
      </Suspense>
      <DownloadButton address={downloadAddress} />
    </>
  );
}
