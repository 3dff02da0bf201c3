import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { useSubmit } from '../../../ui/useSubmit';
import { ProgramState } from '../common/ProgramState';
import { programUrl, useIds } from '../common/useIds';

type Competency = { name: string; weight: number | string };

/** /programs/{programId}/{lessonId}/{exerciseId}/competencies: what the exercise trains, with weights. */
export function ExerciseCompetencies() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useCall(exerciseCalls.competencies, { params: { id: exerciseId } });
  const [rows, setRows] = useState<Competency[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setRows((data ?? []).map((c) => ({ name: c.name, weight: c.weight }))), [data]);
  const submit = useSubmit(
    () => callApi(exerciseCalls.saveCompetencies, { params: { id: exerciseId }, body: { competencies: rows.map((r) => ({ name: r.name, weight: Number(r.weight) })) } }),
    () => navigate(back),
    { successKey: 'resources.programs.messages.competenciesSaved' },
  );
  const save = async () => setErrors((await submit(undefined)) ?? {});
  return (
    <PageFrame title={translate('resources.programs.titles.competencies')} back={back}>
      <ProgramState isPending={isPending} error={error} refetch={refetch}>
        {rows.length === 0 && <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noCompetencies')}</Typography>}
        {rows.map((r, i) => (
          <Stack key={i} direction="row" spacing={2} sx={{ my: 1 }} alignItems="flex-start">
            <TextField
              size="small"
              fullWidth
              label={translate('resources.programs.fields.competency')}
              value={r.name}
              error={!!errors[`competencies.${i}.name`]}
              helperText={errors[`competencies.${i}.name`]}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <TextField
              size="small"
              type="number"
              sx={{ width: 140 }}
              inputProps={{ min: 0, max: 100, step: 0.1 }}
              label={translate('resources.programs.fields.weight')}
              value={r.weight}
              error={!!errors[`competencies.${i}.weight`]}
              helperText={errors[`competencies.${i}.weight`]}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, weight: e.target.value } : x)))}
            />
            <IconButton aria-label={translate('resources.programs.actions.delete')} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Button onClick={() => setRows([...rows, { name: '', weight: 1 }])}>{translate('resources.programs.actions.addCompetency')}</Button>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={save}>{translate('ra.action.save')}</Button>
          <Button onClick={() => navigate(back)}>{translate('app.common.cancel')}</Button>
        </Stack>
      </ProgramState>
    </PageFrame>
  );
}
