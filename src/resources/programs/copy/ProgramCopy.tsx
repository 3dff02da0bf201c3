import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { programPaths as P, type MultiplyCopyInput } from '../../../../shared/programs';
import { apiGet, apiPath, apiSend, errorText, useProgramView } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';

interface CopyLesson {
  id: number;
  label: string;
  exercises: { id: number; label: string }[];
}

/** /programs/{programId}/copy: copy lessons and exercises of another program into this one. */
export function ProgramCopy() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { programId } = useIds();
  const target = useProgramView(programId);
  const sources = useQuery({ queryKey: ['programs', 'all'], queryFn: () => apiGet<{ id: number; label: string }[]>(apiPath(P.all)) });
  const [sourceId, setSourceId] = useState('');
  const [targetLesson, setTargetLesson] = useState('');
  const [chosen, setChosen] = useState<Record<number, Set<number>>>({});
  const lessons = useQuery({
    queryKey: ['programs', 'copy', sourceId],
    queryFn: () => apiGet<CopyLesson[]>(apiPath(P.lessonsToCopy, { id: sourceId })),
    enabled: sourceId !== '',
  });
  const back = programUrl(programId);

  const toggleLesson = (l: CopyLesson, on: boolean) =>
    setChosen((c) => {
      const next = { ...c };
      if (on) next[l.id] = new Set(l.exercises.map((e) => e.id));
      else delete next[l.id];
      return next;
    });
  const toggleExercise = (l: CopyLesson, id: number, on: boolean) =>
    setChosen((c) => {
      const set = new Set(c[l.id] ?? []);
      if (on) set.add(id);
      else set.delete(id);
      return { ...c, [l.id]: set };
    });

  const submit = async () => {
    const body: MultiplyCopyInput = {
      courseId: Number(programId),
      lessons: Object.entries(chosen).map(([lessonId, ids]) => {
        const all = lessons.data?.find((l) => l.id === Number(lessonId))?.exercises.length ?? 0;
        return { lessonId: Number(lessonId), ...(ids.size === all ? {} : { exerciseIds: [...ids] }) };
      }),
      ...(targetLesson ? { targetLessonId: Number(targetLesson) } : {}),
    };
    try {
      await apiSend('POST', apiPath(P.multiplyCopy), body);
      await client.invalidateQueries({ queryKey: ['programs'] });
      notify(translate('resources.programs.messages.copied'), { type: 'success' });
      navigate(back);
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };

  const count = Object.values(chosen).reduce((n, s) => n + s.size, 0);
  return (
    <ProgramPage title={translate('resources.programs.titles.copy')} back={back}>
      <PageState isPending={sources.isPending || target.isPending} error={sources.error ?? target.error} refetch={sources.refetch}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            fullWidth
            label={translate('resources.programs.fields.source')}
            value={sourceId}
            onChange={(e) => {
              setSourceId(e.target.value);
              setChosen({});
            }}
          >
            {(sources.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>{p.label}</MenuItem>
            ))}
          </TextField>
          <TextField select fullWidth label={translate('resources.programs.fields.targetLesson')} value={targetLesson} onChange={(e) => setTargetLesson(e.target.value)}>
            <MenuItem value="">{translate('resources.programs.copyAsNewLessons')}</MenuItem>
            {(target.data?.lessons ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>{l.label}</MenuItem>
            ))}
          </TextField>
        </Stack>
        {sourceId === '' ? (
          <Typography color="text.secondary">{translate('resources.programs.hints.chooseSource')}</Typography>
        ) : (
          <PageState
            isPending={lessons.isPending}
            error={lessons.error}
            refetch={lessons.refetch}
            notFoundPage={false}
            isEmpty={(lessons.data ?? []).length === 0}
            emptyText={translate('resources.programs.messages.noLessons')}
          >
            {(lessons.data ?? []).map((l) => (
              <Box key={l.id} sx={{ mb: 1 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={(chosen[l.id]?.size ?? 0) > 0}
                      indeterminate={(chosen[l.id]?.size ?? 0) > 0 && chosen[l.id]!.size < l.exercises.length}
                      onChange={(e) => toggleLesson(l, e.target.checked)}
                    />
                  }
                  label={<b>{l.label}</b>}
                />
                <Box sx={{ pl: 4 }}>
                  {l.exercises.map((e) => (
                    <FormControlLabel
                      key={e.id}
                      sx={{ display: 'flex' }}
                      control={<Checkbox size="small" checked={chosen[l.id]?.has(e.id) ?? false} onChange={(ev) => toggleExercise(l, e.id, ev.target.checked)} />}
                      label={e.label}
                    />
                  ))}
                </Box>
              </Box>
            ))}
          </PageState>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={submit} disabled={Object.keys(chosen).length === 0 || (targetLesson !== '' && count === 0)}>
            {translate('resources.programs.actions.copySelected')}
          </Button>
          <Button component={Link} to={back}>{translate('resources.programs.actions.cancel')}</Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
