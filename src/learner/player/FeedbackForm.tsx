import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FormHelperText, Paper, Rating, Stack, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslate } from '../../app';
import { z } from 'zod';
import { FEEDBACK_TEXT_MAX, surveyCalls, type Feedback } from '../../../shared/calls/study/survey';
import { callApi } from '../../http/client';
import { useCall } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { showFieldErrors } from './showFieldErrors';

/** The form's check of the feedback call's body (shared/calls/study/survey.ts), worded for the student. */
export const feedbackSchema = (t: (key: string, o?: Record<string, unknown>) => string) =>
  z.object({
    rating: z.number().int().min(1, t('app.player.feedback.ratingRequired')).max(5),
    text: z.string().max(FEEDBACK_TEXT_MAX, t('app.player.feedback.textTooLong', { count: FEEDBACK_TEXT_MAX })),
  });
type Values = z.infer<ReturnType<typeof feedbackSchema>>;

function Form({ courseId, exerciseId, saved }: { courseId: string; exerciseId: string; saved: Feedback | undefined }) {
  const translate = useTranslate();
  const schema = useMemo(() => feedbackSchema((k, o) => translate(k, o)), [translate]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { rating: saved?.rating ?? 0, text: saved?.text ?? '' } });
  const send = useSubmit(
    async (values: Values) => {
      const text = values.text.trim();
      await callApi(surveyCalls.saveFeedback, { params: { courseId, exerciseId }, body: { rating: values.rating, ...(text ? { text } : {}) } });
      return values;
    },
    // the server has these now: nothing left to send
    (values) => form.reset(values as Values),
    { successKey: 'app.player.feedback.success', failureKey: 'app.player.feedback.failure' },
  );
  const submit = form.handleSubmit(async (values) => showFieldErrors(form, await send(values)));
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
 * .../feedback says `enabled`, with the student's rating so far or null).
 */
export function FeedbackForm({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const saved = useCall(surveyCalls.feedback, { params: { courseId, exerciseId } }, { retry: false });
  // feedback is off for this exercise: no form
  if (saved.isPending || saved.data?.enabled === false) return null;
  return (
    <PageState isPending={false} error={saved.error} errorTitle={translate('app.player.feedback.failure')}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="feedback-form">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.player.feedback.title')}</Typography>
        <Form courseId={courseId} exerciseId={exerciseId} saved={saved.data} />
      </Paper>
    </PageState>
  );
}
