import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { lessonCalls } from '../../../../shared/calls/programs';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { useSubmit } from '../../../ui/useSubmit';
import { AttributeConstraintInput, useConstraintAttributes } from '../common/AttributeConstraintInput';
import { CourseChoices } from '../common/CourseChoices';
import { UnionSelect } from '../common/UnionSelect';
import { ProgramState } from '../common/ProgramState';
import { programUrl, useIds } from '../common/useIds';

type Row = { attributeId: number | ''; values: string[] };

/** /programs/{programId}/{lessonId}/constraints: who sees the lesson (attributes, union, courses). */
export function LessonConstraints() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const current = useCall(lessonCalls.constraints, { params: { programId, lessonId } });
  const attributes = useConstraintAttributes();
  const [union, setUnion] = useState<'and' | 'or'>('and');
  const [rows, setRows] = useState<Row[]>([]);
  const [courseIds, setCourseIds] = useState<number[]>([]);
  useEffect(() => {
    if (!current.data) return;
    setUnion(current.data.union);
    setRows(current.data.attributes);
    setCourseIds(current.data.courseIds);
  }, [current.data]);
  const courseOptions = current.data?.courseOptions ?? [];
  const submit = useSubmit(
    () =>
      callApi(lessonCalls.saveConstraints, {
        params: { programId, lessonId },
        body: { union, attributes: rows.filter((r): r is { attributeId: number; values: string[] } => r.attributeId !== '' && r.values.length > 0), courseIds },
      }),
    () => navigate(back),
    { successKey: 'resources.programs.messages.constraintsSaved' },
  );
  return (
    <PageFrame title={translate('resources.programs.titles.lessonConstraints')} back={back}>
      <ProgramState isPending={current.isPending || attributes.isPending} error={current.error ?? attributes.error} refetch={current.refetch}>
        <UnionSelect value={union} onChange={setUnion} />
        <Typography variant="subtitle1">{translate('resources.programs.titles.attributeConstraints')}</Typography>
        {rows.length === 0 && <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noConstraints')}</Typography>}
        {rows.map((r, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }} alignItems={{ sm: 'center' }}>
            <AttributeConstraintInput
              attributes={attributes.data ?? []}
              attributeId={r.attributeId}
              values={r.values}
              onChange={(attributeId, values) => setRows(rows.map((x, j) => (j === i ? { attributeId, values } : x)))}
            />
            <IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Button onClick={() => setRows([...rows, { attributeId: '', values: [] }])}>{translate('resources.programs.actions.addConstraint')}</Button>
        <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.programs.titles.courseConstraints')}</Typography>
        <CourseChoices courses={courseOptions} chosen={courseIds} onChange={setCourseIds} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => submit(undefined)}>{translate('ra.action.save')}</Button>
          <Button onClick={() => navigate(back)}>{translate('app.common.cancel')}</Button>
        </Stack>
      </ProgramState>
    </PageFrame>
  );
}
