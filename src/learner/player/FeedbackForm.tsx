import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, FormHelperText, Paper, Rating, Stack, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { errorCodeOf, getJson, postJson, useApi } from '../api';
import { playerUrls, type Feedback } from './playerApi';

export const FEEDBACK_TEXT_MAX = 2000;

/** The feedback call's body: rating 1..5 and an optional text of at most 2000 characters. */
export const feedbackSchema = (t: (key: string, o?: Record<string, unknown>) => string) =>
  z.object({
    rating: z.number().int().min(1, t('app.player.feedback.ratingRequired')).max(5),
    text: z.string().max(FEEDBACK_TEXT_MAX, t('app.player.feedback.textTooLong', { count: FEEDBACK_TEXT_MAX })),
  });
type Values = z.infer<ReturnType<typeof feedbackSchema>>;

function Form({ courseId, exerciseId, saved }: { courseId: string; exerciseId: string; saved: Feedback | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const schema = useMemo(() => feedbackSchema((k, o) => translate(k, o)), [translate]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { rating: saved?.rating ?? 0, text: saved?.text ?? '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const text = values.text.trim();
      await postJson(playerUrls.feedbackSave(courseId, exerciseId), { rating: values.rating, ...(text ? { text } : {}) });
      notify(translate('app.player.feedback.success'), { type: 'success' });
      form.reset(values);
    } catch {
      notify(translate('app.player.feedback.failure'), { type: 'error' });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <Controller
          name="rating"
          control={form.control}
          render={({ field, fieldState }) => (
            <Box>
              <Typography component="legend">{translate('app.player.feedback.rating')}</Typography>
              <Rating
                name="feedback-rating"
                value={field.value || null}
                onChange={(_, v) => field.onChange(v ?? 0)}
                getLabelText={(v) => translate('app.player.feedback.stars', { value: v })}
                emptyLabelText={translate('app.player.feedback.noRating')}
              />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          )}
        />
        <Controller
          name="text"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={translate('app.player.feedback.text')}
              multiline
              minRows={3}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? `${field.value.length} / ${FEEDBACK_TEXT_MAX}`}
            />
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {translate('app.player.feedback.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * The final page's feedback form: shown only when the exercise takes feedback (GET
 * .../feedback answers 404 when it is off; 204 when the student has not given any yet).
 */
export function FeedbackForm({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const url = playerUrls.feedback(courseId, exerciseId);
  // 204 (no feedback yet) has no body: cached as null, react-query refuses undefined
  const saved = useApi<Feedback | null>(['player-feedback', courseId, exerciseId], url, { queryFn: async () => (await getJson<Feedback | undefined>(url)) ?? null });
  if (saved.isPending) return null;
  if (saved.error) {
    if (errorCodeOf(saved.error)?.startsWith('404')) return null;
    return <Alert severity="error">{translate('app.player.feedback.failure')}</Alert>;
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="feedback-form">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.player.feedback.title')}</Typography>
      <Form courseId={courseId} exerciseId={exerciseId} saved={saved.data ?? undefined} />
    </Paper>
  );
}
