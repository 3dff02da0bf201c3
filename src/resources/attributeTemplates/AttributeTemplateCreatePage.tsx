import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { chainAttributeCalls as calls } from '../../../shared/calls/chainAttributes';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { SaveCancel } from '../../ui/FormActions';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { AttributeRowsEditor, chosenRows, type EditedRow } from '../courseAttributes/AttributeRowsEditor';

/** Where to go after saving: the screen that opened this one (a path of the app), else the courses. */
const backFrom = (from: string | null) => (from && from.startsWith('/') && !from.startsWith('//') ? from : '/courses');

/**
 * /attribute-template/create (spec 1 §2.8): a named set of attribute requirements that course
 * screens apply (`/courses/{courseId}/attributes`).
 */
export function AttributeTemplateCreatePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const t = (k: string) => translate(`resources.courseAttributes.${k}`);
  const back = backFrom(useSearchParams()[0].get('from'));
  const attributes = useCall(calls.attributes, {});
  const [label, setLabel] = useState('');
  const [rows, setRows] = useState<EditedRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmit((body: { label: string; attributes: ReturnType<typeof chosenRows> }) => callApi(calls.createTemplate, { body }), () => navigate(back), {
    invalidate: [callKey(calls.templates, {})],
  });
  const save = async () => {
    const chosen = chosenRows(rows);
    setRows(chosen);
    setErrors((await submit({ label, attributes: chosen })) ?? {});
  };
  return (
    <PageFrame title={t('templates.create')} back={back}>
      <PageState isPending={attributes.isPending} error={attributes.error} refetch={() => void attributes.refetch()}>
        <TextField
          label={t('templates.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={!!errors.label}
          helperText={errors.label}
          fullWidth
          required
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'template-label', maxLength: 300 } }}
        />
        <AttributeRowsEditor attributes={attributes.data ?? []} rows={rows} onChange={setRows} errors={errors} />
        <SaveCancel cancel={back} onSave={() => void save()} />
      </PageState>
    </PageFrame>
  );
}

export const attributeTemplateRoutes = [{ path: '/attribute-template/create', element: <AttributeTemplateCreatePage /> }];
