import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { programCalls, type CopyLesson } from '../../../../shared/calls/programs';
import type { MultiplyCopyInput } from '../../../../shared/programs';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { useToasts } from '../../../ui/useToasts';
import { ProgramState } from '../common/ProgramState';
import { programQueries, programUrl, useIds } from '../common/useIds';

/** /programs/{programId}/copy: copy lessons and exercises of another program into this one. */
export function ProgramCopy() {
  const translate = useTranslate();
  const toasts = useToasts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { programId } = useIds();
  const target = useCall(programCalls.view, { params: { id: programId } });
  const sources = useCall(programCalls.choices, {});
  const [sourceId, setSourceId] = useState('');
  const [targetLesson, setTargetLesson] = useState('');
  const [chosen, setChosen] = useState<Record<number, Set<number>>>({});
  const lessons = useCall(programCalls.lessonsToCopy, sourceId === '' ? null : { params: { id: sourceId } });
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
    if (await toasts.run(() => callApi(programCalls.copyLessons, { body }), 'resources.programs.messages.copied')) {
      for (const queryKey of programQueries) await client.invalidateQueries({ queryKey });
      navigate(back);
    }
  };

  const count = Object.values(chosen).reduce((n, s) => n + s.size, 0);
  return (
    <PageFrame title={translate('resources.programs.titles.copy')} back={back}>
      <ProgramState isPending={sources.isPending || target.isPending} error={sources.error ?? target.error} refetch={sources.refetch}>
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
          <Button component={Link} to={back}>{translate('app.common.cancel')}</Button>
        </Stack>
      </ProgramState>
    </PageFrame>
  );
}
