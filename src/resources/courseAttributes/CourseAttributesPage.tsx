import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { chainAttributeCalls as calls } from '../../../shared/calls/chainAttributes';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { SaveCancel } from '../../ui/FormActions';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { AttributeRowsEditor, chosenRows, type EditedRow } from './AttributeRowsEditor';
import { ATTRIBUTE_TEMPLATE_CREATE, COURSE_ATTRIBUTES } from './paths';

/**
 * /courses/{courseId}/attributes (ELP's path, docs/decisions/profile-and-attributes.md): which attributes the course asks
 * at join (400.14) and how; an attribute template fills the rows, which the instructor may change
 * before saving. Staff of the course read it; its instructors save it.
 */
export default function CourseAttributesPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const t = (k: string) => translate(`resources.courseAttributes.${k}`);
  const courseId = Number(useParams().courseId);
  const back = `/courses/${courseId}`;
  const current = useCall(calls.course, { params: { courseId } });
  const attributes = useCall(calls.attributes, {});
  const templates = useCall(calls.templates, {});
  const [rows, setRows] = useState<EditedRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (current.data) setRows(current.data.attributes);
  }, [current.data]);

  const submit = useSubmit((body: { attributes: ReturnType<typeof chosenRows> }) => callApi(calls.saveCourse, { body: { trainingId: courseId, ...body } }), () => navigate(back), {
    invalidate: [callKey(calls.course, { params: { courseId } })],
  });
  const save = async () => {
    const chosen = chosenRows(rows);
    setRows(chosen);
    setErrors((await submit({ attributes: chosen })) ?? {});
  };
  const apply = (templateId: number) => {
    const template = templates.data?.find((x) => x.id === templateId);
    if (template) setRows(template.attributes);
  };

  return (
    <PageFrame title={t('title')} back={back}>
      <PageState isPending={current.isPending || attributes.isPending} error={current.error ?? attributes.error} refetch={() => void current.refetch()}>
        <Typography sx={{ mb: 2 }}>{t('hint')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
          <TextField select size="small" label={t('applyTemplate')} value="" onChange={(e) => apply(Number(e.target.value))} sx={{ minWidth: 240 }} disabled={!templates.data?.length}>
            {(templates.data ?? []).map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.label}
              </MenuItem>
            ))}
          </TextField>
          <Button component={Link} to={`${ATTRIBUTE_TEMPLATE_CREATE}?from=${encodeURIComponent(COURSE_ATTRIBUTES.replace(':courseId', String(courseId)))}`}>
            {t('actions.newTemplate')}
          </Button>
        </Stack>
        <AttributeRowsEditor attributes={attributes.data ?? []} rows={rows} onChange={setRows} errors={errors} />
        <SaveCancel cancel={back} onSave={() => void save()} />
      </PageState>
    </PageFrame>
  );
}
