import Delete from '@mui/icons-material/Delete';
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { programPaths as P, type LessonConstraints as Value } from '../../../../shared/programs';
import { apiPath, apiSend, useLessonConstraints } from '../api';
import { AttributeConstraintInput, useConstraintAttributes } from '../common/AttributeConstraintInput';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';

type Row = { attributeId: number | ''; values: string[] };

/** /programs/{programId}/{lessonId}/constraints: who sees the lesson (attributes, union, courses). */
export function LessonConstraints() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, lessonId } = useIds();
  const back = programUrl(programId);
  const current = useLessonConstraints(programId, lessonId);
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
  const courseOptions = (current.data as (Value & { courseOptions?: { id: number; label: string }[] }) | undefined)?.courseOptions ?? [];
  const submit = useSubmit(
    () =>
      apiSend('PUT', apiPath(P.lessonConstraints, { programId, lessonId }), {
        union,
        attributes: rows.filter((r) => r.attributeId !== '' && r.values.length),
        courseIds,
      }),
    () => navigate(back),
  );
  return (
    <ProgramPage title={translate('resources.programs.titles.lessonConstraints')} back={back}>
      <PageState isPending={current.isPending || attributes.isPending} error={current.error ?? attributes.error} refetch={current.refetch}>
        <TextField select size="small" sx={{ mb: 2, minWidth: 240 }} label={translate('resources.programs.fields.union')} value={union} onChange={(e) => setUnion(e.target.value as 'and' | 'or')}>
          <MenuItem value="and">{translate('resources.programs.union.and')}</MenuItem>
          <MenuItem value="or">{translate('resources.programs.union.or')}</MenuItem>
        </TextField>
        <Typography variant="subtitle1">{translate('resources.programs.titles.attributeConstraints')}</Typography>
        {rows.length === 0 && <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noConstraints')}</Typography>}
        {rows.map((r, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ my: 1 }} alignItems="center">
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
        {courseOptions.length === 0 ? (
          <Typography color="text.secondary">{translate('resources.programs.messages.noCourses')}</Typography>
        ) : (
          <Box>
            {courseOptions.map((c) => (
              <FormControlLabel
                key={c.id}
                sx={{ display: 'flex' }}
                control={<Checkbox checked={courseIds.includes(c.id)} onChange={(e) => setCourseIds(e.target.checked ? [...courseIds, c.id] : courseIds.filter((x) => x !== c.id))} />}
                label={c.label}
              />
            ))}
          </Box>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => submit(undefined)}>{translate('resources.programs.actions.save')}</Button>
          <Button onClick={() => navigate(back)}>{translate('resources.programs.actions.cancel')}</Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
