import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { attributeValueProblem } from '../../../shared/attributes';
import { catalogueCalls } from '../../../shared/calls/catalogue';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { READ_ONCE } from '../learnerReads';
import { UnfilledAttributeField } from './UnfilledAttributeField';

/**
 * The unfilled-mandatory-profile-fields page (spec 3 §8.2 400.14): fields from the profile
 * attribute definitions (GET /api/Attribute/course/{courseId}/unfilled), submit disabled
 * until every value passes the server's own checks; saved by POST to the same path, then
 * `onDone` retries the join.
 */
export function UnfilledAttributesForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(catalogueCalls.unfilled, { params: { courseId } }, { ...READ_ONCE, staleTime: 0 });
  const [values, setValues] = useState<Record<number, string>>({});
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const attrs = useMemo(() => data ?? [], [data]);
  const problems = useMemo(() => Object.fromEntries(attrs.map((a) => [a.id, attributeValueProblem(a, values[a.id] ?? '')])), [attrs, values]);
  const valid = attrs.length > 0 && attrs.every((a) => !problems[a.id]);

  const submit = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await callApi(catalogueCalls.saveUnfilled, { params: { courseId }, body: { values: attrs.map((a) => ({ attributeId: a.id, value: values[a.id] ?? '' })) } });
      onDone();
    } catch (e) {
      setSaveError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 720 }} data-testid="unfilled-form">
      <PageFrame title={translate('app.learner.unfilled.title')} plain>
        <Typography sx={{ mb: 2 }}>{translate('app.learner.unfilled.lead')}</Typography>
        <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={attrs.length === 0}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              component="form"
              spacing={2}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (valid) void submit();
              }}
            >
              {attrs.map((a) => (
                <UnfilledAttributeField
                  key={a.id}
                  attribute={a}
                  value={values[a.id] ?? ''}
                  problem={touched[a.id] ? problems[a.id] : null}
                  onChange={(value) => setValues((v) => ({ ...v, [a.id]: value }))}
                  onBlur={() => setTouched((t) => ({ ...t, [a.id]: true }))}
                />
              ))}
              {saveError && <Alert severity="error">{saveError}</Alert>}
              <Box>
                <Button type="submit" variant="contained" disabled={!valid || saving}>
                  {translate('app.learner.unfilled.submit')}
                </Button>
              </Box>
            </Stack>
          </Paper>
        </PageState>
      </PageFrame>
    </Box>
  );
}
