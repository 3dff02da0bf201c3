import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FormHelperText, Paper, Rating, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import { Form, useTranslate } from 'react-admin';
import { z } from 'zod';
import { FEEDBACK_TEXT_MAX, surveyCalls, type Feedback } from '../../../shared/calls/study/survey';
import { callApi } from '../../http/client';
import { errorCodeOf } from '../../http/errors';
import { callKey } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';

/** The form's check of the feedback call's body (shared/calls/study/survey.ts), worded for the student. */
export const feedbackSchema = (t: (key: string, o?: Record<string, unknown>) => string) =>
  z.object({
    rating: z.number().int().min(1, t('app.player.feedback.ratingRequired')).max(5),
    text: z.string().max(FEEDBACK_TEXT_MAX, t('app.player.feedback.textTooLong', { count: FEEDBACK_TEXT_MAX })),
  });
type Values = z.infer<ReturnType<typeof feedbackSchema>>;

function SendButton() {
  const translate = useTranslate();
  const { isSubmitting, isDirty } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
      {translate('app.player.feedback.send')}
    </Button>
  );
}

function FeedbackFields() {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Controller
        name="rating"
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
        <SendButton />
      </Box>
    </Stack>
  );
}

function FeedbackEditor({ courseId, exerciseId, saved }: { courseId: string; exerciseId: string; saved: Feedback | undefined }) {
  const translate = useTranslate();
  const schema = useMemo(() => feedbackSchema((k, o) => translate(k, o)), [translate]);
  // what the server has: the form starts from it, and again from what was just sent
  const [stored, setStored] = useState<Values>({ rating: saved?.rating ?? 0, text: saved?.text ?? '' });
  const submit = useSubmit(
    async (values: Values) => {
      const text = values.text.trim();
      await callApi(surveyCalls.saveFeedback, { params: { courseId, exerciseId }, body: { rating: values.rating, ...(text ? { text } : {}) } });
      return values;
    },
    (values) => setStored(values as Values),
    { successKey: 'app.player.feedback.success', failureKey: 'app.player.feedback.failure' },
  );
  // react-admin's Form takes a resolver of plain field values
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver, [schema]);
  return (
    <Form defaultValues={stored} resolver={resolver} onSubmit={(v: FieldValues) => submit(v as Values)} noValidate>
      <FeedbackFields />
    </Form>
  );
}

/**
 * The final page's feedback form: shown only when the exercise takes feedback (GET
 * .../feedback answers 404 when it is off; 204 when the student has not given any yet).
 */
export function FeedbackForm({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const params = { courseId, exerciseId };
  const saved = useQuery({
    queryKey: callKey(surveyCalls.feedback, { params }),
    // 204 (no feedback yet) has no body: cached as null, react-query refuses undefined
    queryFn: async () => (await callApi(surveyCalls.feedback, { params })) ?? null,
    retry: false,
  });
  // feedback is off for this exercise: no form
  if (saved.isPending || errorCodeOf(saved.error)?.startsWith('404')) return null;
  return (
    <PageState isPending={false} error={saved.error} errorTitle={translate('app.player.feedback.failure')}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="feedback-form">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.player.feedback.title')}</Typography>
        <FeedbackEditor courseId={courseId} exerciseId={exerciseId} saved={saved.data ?? undefined} />
      </Paper>
    </PageState>
  );
}
