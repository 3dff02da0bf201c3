import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../app';
import { fieldErrors } from '../http/errors';
import { useToasts } from '../ui/useToasts';
import { RichTextEditor } from '../resources/slides/RichTextEditor';

export interface ArticleDraft {
  title: string;
  body: string;
  isPublished?: boolean;
  sequence?: number;
}

const k = (key: string) => `app.knowledgeBase.editor.${key}`;

/**
 * Root's editor of an article or a content page (title and rich text; an article also its
 * published flag and order). The server sanitises the text and checks every field.
 */
export default function ArticleEditorDialog({ initial, isNew, page, onSave, onClose }: {
  initial: ArticleDraft;
  isNew: boolean;
  /** a content page: title and text only */
  page?: boolean;
  onSave: (draft: ArticleDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { failed, done } = useToasts();
  const [draft, setDraft] = useState<ArticleDraft>({ isPublished: true, sequence: 0, ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(page ? { title: draft.title, body: draft.body } : draft);
      done();
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      failed(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="article-editor">
      <DialogTitle>{translate(k(isNew ? 'newTitle' : 'editTitle'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={translate(k('title'))} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={!!errors.title} helperText={errors.title} required />
          <RichTextEditor label={translate(k('body'))} value={draft.body} onChange={(body) => setDraft((d) => ({ ...d, body }))} error={errors.body} />
          {!page && (
            <Stack direction="row" spacing={2} alignItems="center">
              <FormControlLabel control={<Checkbox checked={draft.isPublished ?? true} onChange={(e) => setDraft({ ...draft, isPublished: e.target.checked })} />} label={translate(k('isPublished'))} />
              <TextField type="number" size="small" label={translate(k('sequence'))} value={draft.sequence ?? 0} onChange={(e) => setDraft({ ...draft, sequence: Number(e.target.value) })} error={!!errors.sequence} helperText={errors.sequence} sx={{ width: 140 }} />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(k('cancel'))}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>{translate(k('save'))}</Button>
      </DialogActions>
    </Dialog>
  );
}
