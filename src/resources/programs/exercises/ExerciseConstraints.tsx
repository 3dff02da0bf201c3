import Delete from '@mui/icons-material/Delete';
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { programPaths as P } from '../../../../shared/programs';
import { apiPath, apiSend, errorText, keys, useApiQuery } from '../api';
import { AttributeConstraintInput, useConstraintAttributes } from '../common/AttributeConstraintInput';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';

interface Summary {
  union: 'and' | 'or';
  constraints: { id: number; attributeId: number; label: string; values: string[] }[];
}
interface CourseOption {
  courseId: number;
  label: string;
  isSelected: boolean;
}

/** /programs/{programId}/{lessonId}/{exerciseId}/constraints (spec 3 §7.7). */
export function ExerciseConstraints() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const key = keys.exercise(programId, exerciseId, 'constraints');
  const summary = useApiQuery<Summary>(key, apiPath(P.constraintsSummary, { programId, exerciseId }));
  const courses = useApiQuery<CourseOption[]>([...key, 'courses'], apiPath(P.trainingConstraintOptions, { programId, exerciseId }));
  const attributes = useConstraintAttributes();
  const [draft, setDraft] = useState<{ attributeId: number | ''; values: string[] }>({ attributeId: '', values: [] });
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen((courses.data ?? []).filter((c) => c.isSelected).map((c) => c.courseId)), [courses.data]);

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await client.invalidateQueries({ queryKey: key });
      notify(translate('resources.programs.messages.saved'), { type: 'success' });
      return true;
    } catch (e) {
      notify(errorText(e), { type: 'error' });
      return false;
    }
  };
  const used = new Set((summary.data?.constraints ?? []).map((c) => c.attributeId));

  return (
    <ProgramPage title={translate('resources.programs.titles.exerciseConstraints')} back={back}>
      <PageState isPending={summary.isPending || attributes.isPending} error={summary.error ?? attributes.error} refetch={summary.refetch}>
        <TextField
          select
          size="small"
          sx={{ mb: 2, minWidth: 240 }}
          label={translate('resources.programs.fields.union')}
          value={summary.data?.union ?? 'and'}
          onChange={(e) => run(() => apiSend('POST', apiPath(P.constraintsUnion, { programId, exerciseId, union: e.target.value })))}
        >
          <MenuItem value="and">{translate('resources.programs.union.and')}</MenuItem>
          <MenuItem value="or">{translate('resources.programs.union.or')}</MenuItem>
        </TextField>
        <Typography variant="subtitle1">{translate('resources.programs.titles.attributeConstraints')}</Typography>
        {(summary.data?.constraints ?? []).length === 0 && (
          <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noConstraints')}</Typography>
        )}
        {(summary.data?.constraints ?? []).map((c) => (
          <Stack key={c.id} direction="row" spacing={1} sx={{ my: 1 }} alignItems="center">
            <AttributeConstraintInput
              attributes={attributes.data ?? []}
              attributeId={c.attributeId}
              values={edits[c.attributeId] ?? c.values}
              lockAttribute
              onChange={(_, values) => setEdits({ ...edits, [c.attributeId]: values })}
            />
            <Button
              disabled={!edits[c.attributeId]?.length}
              onClick={() => run(() => apiSend('PUT', apiPath(P.constraintAttribute, { id: exerciseId, attributeId: c.attributeId }), { values: edits[c.attributeId] }))}
            >
              {translate('resources.programs.actions.save')}
            </Button>
            <IconButton
              aria-label={translate('resources.programs.actions.delete')}
              onClick={() => run(() => apiSend('DELETE', apiPath(P.constraintDrop, { id: exerciseId, attributeId: c.attributeId })))}
            >
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={1} sx={{ my: 2 }} alignItems="center">
          <AttributeConstraintInput
            attributes={(attributes.data ?? []).filter((a) => !used.has(a.id))}
            attributeId={draft.attributeId}
            values={draft.values}
            onChange={(attributeId, values) => setDraft({ attributeId, values })}
          />
          <Button
            variant="outlined"
            disabled={draft.attributeId === '' || draft.values.length === 0}
            onClick={async () => {
              if (await run(() => apiSend('POST', apiPath(P.constraintCreate, { id: exerciseId }), draft))) setDraft({ attributeId: '', values: [] });
            }}
          >
            {translate('resources.programs.actions.addConstraint')}
          </Button>
        </Stack>
        <Typography variant="subtitle1">{translate('resources.programs.titles.courseConstraints')}</Typography>
        <PageState isPending={courses.isPending} error={courses.error} notFoundPage={false} isEmpty={(courses.data ?? []).length === 0} emptyText={translate('resources.programs.messages.noCourses')}>
          <Box>
            {(courses.data ?? []).map((c) => (
              <FormControlLabel
                key={c.courseId}
                sx={{ display: 'flex' }}
                control={<Checkbox checked={chosen.includes(c.courseId)} onChange={(e) => setChosen(e.target.checked ? [...chosen, c.courseId] : chosen.filter((x) => x !== c.courseId))} />}
                label={c.label}
              />
            ))}
          </Box>
          <Button variant="contained" sx={{ mt: 1 }} onClick={() => run(() => apiSend('PUT', apiPath(P.trainingConstraints, { id: exerciseId }), { courseIds: chosen }))}>
            {translate('resources.programs.actions.save')}
          </Button>
        </PageState>
      </PageState>
    </ProgramPage>
  );
}
