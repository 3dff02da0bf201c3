import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel,
  Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNotify, useTranslate } from '../../app';
import { surveyCalls, type ReflectionQuestion } from '../../../shared/calls/study/survey';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { useSubmit } from '../../ui/useSubmit';
import { showFieldErrors } from './showFieldErrors';
import { emptyValues, fieldOf, questionErrors, reflectionSchema, toAnswers, type ReflectionValues } from './reflectionSchema';

function Question({ q, field, error, onChange }: { q: ReflectionQuestion; field: string | number[]; error?: string; onChange: (v: string | number[]) => void }) {
  const translate = useTranslate();
  const label = `${q.text}${q.required ? ' *' : ''}`;
  if (q.answerKind === 'text') {
    return (
      <TextField
        label={label}
        value={field}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={2}
        error={!!error}
        helperText={error ?? (q.minChars ? translate('app.player.reflection.minChars', { count: q.minChars }) : undefined)}
        fullWidth
      />
    );
  }
  const ids = Array.isArray(field) ? field : [];
  const single = q.maxAnswers === 1;
  return (
    <FormControl error={!!error} component="fieldset">
      <FormLabel component="legend">{label}</FormLabel>
      {single ? (
        <RadioGroup value={ids[0] ?? ''} onChange={(e) => onChange([Number(e.target.value)])}>
          {q.options.map((o) => <FormControlLabel key={o.id} value={o.id} control={<Radio />} label={o.text} />)}
        </RadioGroup>
      ) : (
        <FormGroup>
          {q.options.map((o) => (
            <FormControlLabel
              key={o.id}
              label={o.text}
              control={<Checkbox checked={ids.includes(o.id)} onChange={(e) => onChange(e.target.checked ? [...ids, o.id] : ids.filter((x) => x !== o.id))} />}
            />
          ))}
        </FormGroup>
      )}
      <FormHelperText>{error ?? (q.maxAnswers && !single ? translate('app.player.reflection.chooseUpTo', { maxAnswers: q.maxAnswers }) : undefined)}</FormHelperText>
    </FormControl>
  );
}

function SurveyForm({ courseId, exerciseId, questions, onDone, onLater }: { courseId: string; exerciseId: string; questions: ReflectionQuestion[]; onDone: () => void; onLater: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const schema = useMemo(() => reflectionSchema(questions, (k, o) => translate(k, o)), [questions, translate]);
  const form = useForm<ReflectionValues>({ resolver: zodResolver(schema), defaultValues: emptyValues(questions) });
  const submit = useSubmit(
    (values: ReflectionValues) => callApi(surveyCalls.saveReflection, { params: { courseId, exerciseId }, body: { answers: toAnswers(questions, values) } }),
    onDone,
    { successKey: 'app.player.reflection.success', failureKey: 'app.player.reflection.failure' },
  );
  const onSubmit = async (values: ReflectionValues) => {
    const fields = await submit(values);
    if (!fields) return;
    // the server's errors are per question (`answers.{id}`); one about the survey as a whole is a toast
    const shown = questionErrors(questions, fields);
    if (!Object.keys(shown).length) notify(translate('app.player.reflection.failure'), { type: 'error' });
    showFieldErrors(form, shown);
  };
  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('app.player.reflection.intro')}</Typography>
        <Stack spacing={2}>
          {questions.map((q) => (
            <Controller
              key={q.id}
              name={fieldOf(q)}
              control={form.control}
              render={({ field, fieldState }) => <Question q={q} field={field.value} error={fieldState.error?.message} onChange={field.onChange} />}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLater}>{translate('app.player.reflection.later')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>{translate('app.player.reflection.send')}</Button>
      </DialogActions>
    </form>
  );
}

/**
 * The reflection survey (spec 1 §2.3 final page): opens by itself on the results when the
 * exercise has questions the student has not answered; "Later" closes it, a button reopens.
 */
export function ReflectionSurvey({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const params = { courseId, exerciseId };
  const survey = useCall(surveyCalls.reflection, { params }, { retry: false });
  const pending = !!survey.data && !survey.data.answered && survey.data.questions.length > 0;
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (pending && !dismissed) setOpen(true);
  }, [pending, dismissed]);
  if (!pending || !survey.data) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>{translate('app.player.reflection.open')}</Button>
      <Dialog open={open} onClose={() => { setOpen(false); setDismissed(true); }} fullWidth maxWidth="sm" aria-labelledby="reflection-title">
        <DialogTitle id="reflection-title">{translate('app.player.reflection.title')}</DialogTitle>
        <SurveyForm
          courseId={courseId}
          exerciseId={exerciseId}
          questions={survey.data.questions}
          onLater={() => { setOpen(false); setDismissed(true); }}
          onDone={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: callKey(surveyCalls.reflection, { params }) });
          }}
        />
      </Dialog>
    </>
  );
}
