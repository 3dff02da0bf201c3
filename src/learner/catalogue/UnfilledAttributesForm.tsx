import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import type { AttributeFormItem } from '../../../shared/attributes';
import { catalogueCalls } from '../../../shared/calls/catalogue';
import { AttributeFields, useAttributeForm } from '../../attributes';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { READ_ONCE } from '../learnerReads';

/**
 * The unfilled-mandatory-profile-fields page (spec 3 §8.2 400.14): the course's attributes the
 * student still has to fill, with the chains that may reveal more (GET /api/Attribute/course/{courseId}/unfilled),
 * rendered and checked by the shared attribute renderer and validator; submit disabled until
 * valid; saved by POST to the same path, then `onDone` retries the join.
 */
export function UnfilledAttributesForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(catalogueCalls.unfilled, { params: { courseId } }, { ...READ_ONCE, staleTime: 0 });
  return (
    <Box sx={{ maxWidth: 720 }} data-testid="unfilled-form">
      <PageFrame title={translate('app.learner.unfilled.title')} plain>
        <Typography sx={{ mb: 2 }}>{translate('app.learner.unfilled.lead')}</Typography>
        <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={(data ?? []).length === 0}>
          {data && <UnfilledForm key={data.map((d) => d.id).join(',')} courseId={courseId} items={data} onDone={onDone} onRemaining={() => void refetch()} />}
        </PageState>
      </PageFrame>
    </Box>
  );
}

function UnfilledForm({ courseId, items, onDone, onRemaining }: { courseId: number; items: AttributeFormItem[]; onDone: () => void; onRemaining: () => void }) {
  const translate = useTranslate();
  const form = useAttributeForm(items);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const submit = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await callApi(catalogueCalls.saveUnfilled, { params: { courseId }, body: { values: form.answers() } });
      if (answer.unfilled.length === 0) onDone();
      else onRemaining(); // the server found more to fill (e.g. a chain): the form is asked again
    } catch (e) {
      const fields = fieldErrors(e);
      if (Object.keys(fields).length) form.setServerErrors(fields);
      setSaveError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (form.valid) void submit();
        }}
      >
        <AttributeFields form={form} />
        {saveError && <Alert severity="error">{saveError}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={!form.valid || saving}>
            {translate('app.learner.unfilled.submit')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
