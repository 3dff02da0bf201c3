import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { programPaths as P } from '../../../../shared/programs';
import { apiPath, apiSend, keys, useApiQuery } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';

type Competency = { name: string; weight: number | string };

/** /programs/{programId}/{lessonId}/{exerciseId}/competencies: what the exercise trains, with weights. */
export function ExerciseCompetencies() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const { data, isPending, error, refetch } = useApiQuery<Competency[]>(keys.exercise(programId, exerciseId, 'competencies'), apiPath(P.competencies, { id: exerciseId }));
  const [rows, setRows] = useState<Competency[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setRows((data ?? []).map((c) => ({ name: c.name, weight: c.weight }))), [data]);
  const submit = useSubmit(
    () => apiSend('PUT', apiPath(P.competencies, { id: exerciseId }), { competencies: rows.map((r) => ({ name: r.name, weight: Number(r.weight) })) }),
    () => navigate(back),
  );
  const save = async () => setErrors((await submit(undefined)) ?? {});
  return (
    <ProgramPage title={translate('resources.programs.titles.competencies')} back={back}>
      <PageState isPending={isPending} error={error} refetch={refetch}>
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
          <Button variant="contained" onClick={save}>{translate('resources.programs.actions.save')}</Button>
          <Button onClick={() => navigate(back)}>{translate('resources.programs.actions.cancel')}</Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
