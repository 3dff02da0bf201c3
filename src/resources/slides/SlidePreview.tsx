import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Link, List, ListItem, Radio, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { slideCalls, type SlidePreview } from '../../../shared/calls/slides';
import { useCall } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { SafeHtml } from '../../ui/richText/SafeHtml';

type Q = { text?: string; label?: string; choiceMode?: number; options?: { id: number; text: string }[]; targets?: { id: number; text: string }[]; items?: { id: number; text: string }[]; starterCode?: string; inputType?: number };

/** Renders a PreviewPage answer the way the player shows it (no answers in it). */
export function PreviewBody({ preview }: { preview: SlidePreview }) {
  const translate = useTranslate();
  const c = preview.content as Record<string, unknown>;
  const file = c.file as { address: string; name: string; mime: string } | null | undefined;
  const download = c.downloadAddress as string | null | undefined;
  const q = c.question as Q | null | undefined;
  const media = () => {
    if (!file) return <Typography color="text.secondary">{translate('resources.slides.player.noFile')}</Typography>;
    switch (preview.slide.type) {
      case 'video':
      case 'kinescope':
        return <video src={file.address} controls style={{ width: '100%', maxHeight: 480 }} controlsList={download ? undefined : 'nodownload'} data-testid="preview-video" />;
      case 'audio':
        return <audio src={file.address} controls style={{ width: '100%' }} controlsList={download ? undefined : 'nodownload'} data-testid="preview-audio" />;
      case 'pdf':
        // the download button of the viewer shows only with download permission (spec 1 §2.4)
        return <iframe title={file.name} src={`${file.address}${download ? '' : '#toolbar=0'}`} style={{ width: '100%', height: 750, border: 0 }} data-testid="preview-pdf" />;
      default:
        return <Typography data-testid="preview-document">{file.name}</Typography>;
    }
  };
  return (
    <Box data-testid="slide-preview">
      <Typography variant="h6" gutterBottom>{preview.slide.label}</Typography>
      {typeof c.html === 'string' && <SafeHtml html={c.html} />}
      {'file' in c && media()}
      {download && (
        <Button href={download} sx={{ mt: 1 }}>
          {translate('resources.slides.player.download')}
        </Button>
      )}
      {typeof c.description === 'string' && <Typography sx={{ mt: 1 }}>{c.description}</Typography>}
      {preview.slide.type === 'web' && typeof c.address === 'string' && (
        <>
          <iframe title={preview.slide.label} src={c.address} style={{ width: '100%', height: 600, border: 0 }} sandbox="allow-scripts allow-same-origin allow-popups" />
          <Link href={c.address} target="_blank" rel="noopener noreferrer">{translate('resources.slides.player.openSite')}</Link>
        </>
      )}
      {q && (
        <Box>
          <SafeHtml html={q.text ?? ''} />
          {q.options && !q.targets && q.options.map((o) => (
            <FormControlLabel key={o.id} control={q.choiceMode === 0 ? <Checkbox /> : <Radio />} label={o.text} />
          ))}
          {q.targets && (
            <List dense>
              {q.targets.map((tg) => <ListItem key={tg.id}>{tg.text} — …</ListItem>)}
              {q.options?.map((o) => <ListItem key={o.id} sx={{ color: 'text.secondary' }}>{o.text}</ListItem>)}
            </List>
          )}
          {q.items && <List dense>{q.items.map((i) => <ListItem key={i.id}>{i.text}</ListItem>)}</List>}
          {q.starterCode !== undefined && (
            <Box component="pre" sx={{ fontFamily: 'monospace', fontSize: 16, bgcolor: 'action.hover', p: 1 }} aria-label={translate('resources.slides.player.starterCode')}>
              {q.starterCode}
            </Box>
          )}
          {q.inputType !== undefined && <TextField fullWidth label={translate('resources.slides.player.answerHere')} disabled />}
        </Box>
      )}
      {preview.slide.type === 'file-question' && typeof c.maxFiles === 'number' && (
        <Typography color="text.secondary">{translate('resources.slides.player.attachFiles', { count: c.maxFiles })}</Typography>
      )}
      {Array.isArray(c.attributes) && (
        <List dense>{(c.attributes as { id: number; label: string }[]).map((a) => <ListItem key={a.id}><TextField fullWidth label={a.label} disabled /></ListItem>)}</List>
      )}
    </Box>
  );
}

export function SlidePreviewDialog({ exerciseId, slideId, onClose }: { exerciseId: string; slideId: number | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(slideCalls.preview, slideId === null ? null : { params: { exerciseId, slideId }, body: {} });
  return (
    <Dialog open={slideId !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('resources.slides.previewTitle')}</DialogTitle>
      <DialogContent dividers>
        <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate('resources.slides.loadError')}>
          {data && <PreviewBody preview={data} />}
        </PageState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
