import Delete from '@mui/icons-material/Delete';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ReflectionQuestionInput, ReflectionQuestionRecord } from '../../../shared/calls/reflection';
import { fieldErrors, serverText } from '../../http/errors';

type Draft = { text: string; answerKind: 'text' | 'choice'; required: boolean; minChars: string; maxAnswers: string; options: { id?: number; text: string }[] };

const draftOf = (q: ReflectionQuestionRecord | null): Draft =>
  q
    ? { text: q.text, answerKind: q.answerKind, required: q.required, minChars: q.minChars ? String(q.minChars) : '', maxAnswers: q.maxAnswers ? String(q.maxAnswers) : '', options: q.options.map((o) => ({ ...o })) }
    : { text: '', answerKind: 'text', required: false, minChars: '', maxAnswers: '', options: [] };

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * Create or edit one reflection question (spec 2 §6 "Survey reflection"): its text, a text or a
 * choice answer, required, a minimum of characters (text) or options with a maximum chosen
 * (choice). The server checks the rules; its field errors show at the inputs.
 */
export function QuestionDialog({ question, open, onClose, onSave }: { question: ReflectionQuestionRecord | null; open: boolean; onClose: () => void; onSave: (v: ReflectionQuestionInput) => Promise<unknown> }) {
  const translate = useTranslate();
  const [d, setD] = useState<Draft>(() => draftOf(question));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (k: string, o?: object) => translate(`resources.reflection.${k}`, o);
  const err = (k: string) => errors[k] ?? Object.entries(errors).find(([f]) => f.startsWith(`${k}.`))?.[1];
  const save = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    const choice = d.answerKind === 'choice';
    try {
      await onSave({
        text: d.text,
        answerKind: d.answerKind,
        required: d.required,
        minChars: choice ? null : numberOrNull(d.minChars),
        maxAnswers: choice ? numberOrNull(d.maxAnswers) : null,
        options: choice ? d.options.map((o) => (o.id ? { id: o.id, text: o.text } : { text: o.text })) : [],
      });
      onClose();
    } catch (e) {
      const fields = fieldErrors(e);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('editTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('fields.text')}
            value={d.text}
            onChange={(e) => setD({ ...d, text: e.target.value })}
            multiline
            required
            error={!!err('text')}
            helperText={err('text')}
            slotProps={{ htmlInput: { 'data-testid': 'reflection-text', maxLength: 1000 } }}
          />
          <TextField select label={t('fields.answerKind')} value={d.answerKind} onChange={(e) => setD({ ...d, answerKind: e.target.value as Draft['answerKind'] })} error={!!err('answerKind')} helperText={err('answerKind')}>
            <MenuItem value="text">{t('kinds.text')}</MenuItem>
            <MenuItem value="choice">{t('kinds.choice')}</MenuItem>
          </TextField>
          <FormControlLabel control={<Checkbox checked={d.required} onChange={(e) => setD({ ...d, required: e.target.checked })} />} label={t('fields.required')} />
          {d.answerKind === 'text' ? (
            <TextField type="number" label={t('fields.minChars')} value={d.minChars} onChange={(e) => setD({ ...d, minChars: e.target.value })} error={!!err('minChars')} helperText={err('minChars')} slotProps={{ htmlInput: { min: 1 } }} />
          ) : (
            <>
              <Typography variant="subtitle2">{t('fields.options')}</Typography>
              {d.options.map((o, i) => (
                <Stack key={o.id ?? `new-${i}`} direction="row" spacing={1} alignItems="center">
                  <TextField
                    size="small"
                    fullWidth
                    label={t('fields.option', { n: i + 1 })}
                    value={o.text}
                    onChange={(e) => setD({ ...d, options: d.options.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)) })}
                    error={!!errors[`options.${i}.text`]}
                    helperText={errors[`options.${i}.text`]}
                  />
                  <IconButton aria-label={t('actions.removeOption')} onClick={() => setD({ ...d, options: d.options.filter((_, j) => j !== i) })}>
                    <Delete />
                  </IconButton>
                </Stack>
              ))}
              {errors.options && <Typography color="error" variant="caption">{errors.options}</Typography>}
              <Button onClick={() => setD({ ...d, options: [...d.options, { text: '' }] })} sx={{ alignSelf: 'flex-start' }}>
                {t('actions.addOption')}
              </Button>
              <TextField type="number" label={t('fields.maxAnswers')} value={d.maxAnswers} onChange={(e) => setD({ ...d, maxAnswers: e.target.value })} error={!!err('maxAnswers')} helperText={err('maxAnswers')} slotProps={{ htmlInput: { min: 1 } }} />
            </>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="reflection-save">
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
