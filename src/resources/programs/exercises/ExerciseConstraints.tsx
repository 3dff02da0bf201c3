import Delete from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { constraintCalls } from '../../../../shared/calls/constraints';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { useToasts } from '../../../ui/useToasts';
import { AttributeConstraintInput, useConstraintAttributes } from '../common/AttributeConstraintInput';
import { CourseChoices } from '../common/CourseChoices';
import { UnionSelect } from '../common/UnionSelect';
import { ProgramState } from '../common/ProgramState';
import { programUrl, useIds } from '../common/useIds';

/** /programs/{programId}/{lessonId}/{exerciseId}/constraints (spec 3 §7.7). */
export function ExerciseConstraints() {
  const translate = useTranslate();
  const toasts = useToasts();
  const { programId, exerciseId } = useIds();
  const back = programUrl(programId);
  const summary = useCall(constraintCalls.summary, { params: { programId, exerciseId } });
  const courses = useCall(constraintCalls.courseOptions, { params: { programId, exerciseId } });
  const id = { id: exerciseId };
  const attributes = useConstraintAttributes();
  const [draft, setDraft] = useState<{ attributeId: number | ''; values: string[] }>({ attributeId: '', values: [] });
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen((courses.data ?? []).filter((c) => c.isSelected).map((c) => c.courseId)), [courses.data]);

  /** saves, then reads the constraints and the course choices again */
  const run = async (call: () => Promise<unknown>) => {
    const ok = await toasts.run(call, 'resources.programs.messages.constraintsSaved');
    if (ok) await Promise.all([summary.refetch(), courses.refetch()]);
    return ok;
  };
  const used = new Set((summary.data?.constraints ?? []).map((c) => c.attributeId));

  return (
    <PageFrame title={translate('resources.programs.titles.exerciseConstraints')} back={back}>
      <ProgramState isPending={summary.isPending || attributes.isPending} error={summary.error ?? attributes.error} refetch={summary.refetch}>
        <UnionSelect value={summary.data?.union ?? 'and'} onChange={(union) => run(() => callApi(constraintCalls.setUnion, { params: { programId, exerciseId, union } }))} />
        <Typography variant="subtitle1">{translate('resources.programs.titles.attributeConstraints')}</Typography>
        {(summary.data?.constraints ?? []).length === 0 && (
          <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noConstraints')}</Typography>
        )}
        {(summary.data?.constraints ?? []).map((c) => (
          <Stack key={c.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }} alignItems={{ sm: 'center' }}>
            <AttributeConstraintInput
              attributes={attributes.data ?? []}
              attributeId={c.attributeId}
              values={edits[c.attributeId] ?? c.values}
              lockAttribute
              onChange={(_, values) => setEdits({ ...edits, [c.attributeId]: values })}
            />
            <Button
              disabled={!edits[c.attributeId]?.length}
              onClick={() => run(() => callApi(constraintCalls.saveAttributeConstraint, { params: { ...id, attributeId: c.attributeId }, body: { values: edits[c.attributeId] } }))}
            >
              {translate('ra.action.save')}
            </Button>
            <IconButton
              aria-label={translate('resources.programs.actions.delete')}
              onClick={() => run(() => callApi(constraintCalls.dropAttributeConstraint, { params: { ...id, attributeId: c.attributeId } }))}
            >
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 2 }} alignItems={{ sm: 'center' }}>
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
              const { attributeId, values } = draft;
              if (attributeId !== '' && (await run(() => callApi(constraintCalls.createAttributeConstraint, { params: id, body: { attributeId, values } })))) {
                setDraft({ attributeId: '', values: [] });
              }
            }}
          >
            {translate('resources.programs.actions.addConstraint')}
          </Button>
        </Stack>
        <Typography variant="subtitle1">{translate('resources.programs.titles.courseConstraints')}</Typography>
        <PageState isPending={courses.isPending} error={courses.error}>
          <CourseChoices courses={(courses.data ?? []).map((c) => ({ id: c.courseId, label: c.label }))} chosen={chosen} onChange={setChosen} />
          <Button variant="contained" sx={{ mt: 1 }} onClick={() => run(() => callApi(constraintCalls.saveCourseConstraints, { params: id, body: { courseIds: chosen } }))}>
            {translate('ra.action.save')}
          </Button>
        </PageState>
      </ProgramState>
    </PageFrame>
  );
}
