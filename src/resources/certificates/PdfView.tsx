import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

// the worker of the pdfjs-dist version react-pdf itself depends on (pinned in package.json)
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A certificate PDF with paging (react-pdf); loading and error states. */
export default function PdfView({ url }: { url: string }) {
  const translate = useTranslate();
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  return (
    <Box>
      <Document
        file={url}
        onLoadSuccess={({ numPages }) => setPages(numPages)}
        loading={<CircularProgress size={28} />}
        error={<Alert severity="error">{translate('resources.certificates.viewFailed')}</Alert>}
      >
        <Page pageNumber={page} width={Math.min(800, window.innerWidth - 64)} />
      </Document>
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>‹</Button>
          <span>{page} / {pages}</span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>›</Button>
        </Stack>
      )}
    </Box>
  );
}
