import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Alert, Box, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { viewerKey } from './content';

// Vite bundles the worker of the pdfjs-dist version react-pdf depends on and gives its URL
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** spec 3 §9: the PDF viewer is 750 px high */
const VIEWER_HEIGHT = 750;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** A PDF page by page (react-pdf) with page navigation and zoom, as wide as its container. Loaded on demand. */
export default function PdfDocument({ address, title }: { address: string; title: string }) {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(ZOOMS.indexOf(1));
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    setPage(1);
    setPages(0);
  }, [address]);

  return (
    <Box data-testid="slide-pdf" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5, mb: 1 }}>
        <IconButton size="small" aria-label={translate(viewerKey('pdf.previous'))} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="body2" data-testid="pdf-page">
          {pages ? translate(viewerKey('pdf.page'), { page, pages }) : '…'}
        </Typography>
        <IconButton size="small" aria-label={translate(viewerKey('pdf.next'))} disabled={page >= pages} onClick={() => setPage(page + 1)}>
          <ChevronRightIcon />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <IconButton size="small" aria-label={translate(viewerKey('pdf.zoomOut'))} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'center' }}>{Math.round(ZOOMS[zoom] * 100)}%</Typography>
        <IconButton size="small" aria-label={translate(viewerKey('pdf.zoomIn'))} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)}>
          <ZoomInIcon />
        </IconButton>
      </Stack>
      <Box ref={box} sx={{ maxHeight: VIEWER_HEIGHT, overflow: 'auto', bgcolor: 'action.hover' }}>
        <Document
          file={address}
          suspense={false}
          onLoadSuccess={({ numPages }) => setPages(numPages)}
          loading={<CircularProgress size={28} sx={{ m: 2 }} />}
          error={<Alert severity="error">{translate(viewerKey('pdf.loadError'))}</Alert>}
        >
          {width > 0 && <Page pageNumber={page} width={width} scale={ZOOMS[zoom]} suspense={false} />}
        </Document>
      </Box>
    </Box>
  );
}
