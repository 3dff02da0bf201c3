import { Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Datagrid, FunctionField, SelectInput, TextField, TextInput, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseCalls } from '../../../shared/calls/courses';
import type { ProgressCheckRow } from '../../../shared/calls/journal';
import { codesOf, ExerciseProgressStatus } from '../../../shared/enums';
import { progressCheck, type ProgressCheckMeta } from '../../../shared/resources/progressCheck';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { TableScroll } from '../../ui/TableScroll';
import { DeclaredList } from '../factory/DeclaredList';

const T = 'resources.studentsJournal';

/** The list's filters: the course's group, a search by name or e-mail (debounced by the List), the progress status. */
function useFilters(courseId: string) {
  const translate = useTranslate();
  const groups = useCall(courseCalls.groups, { params: { courseId } }, { staleTime: 60_000 });
  return [
    <SelectInput
      key="groupId"
      source="groupId"
      label={`${T}.filters.group`}
      alwaysOn
      emptyText={`${T}.filters.allGroups`}
      choices={(groups.data ?? []).map((g) => ({ id: g.id, name: g.label }))}
      translateChoice={false}
      sx={{ minWidth: 180 }}
    />,
    <TextInput key="search" source="search" label={`${T}.filters.search`} alwaysOn resettable slotProps={{ htmlInput: { maxLength: 200 } }} />,
    <SelectInput
      key="status"
      source="status"
      label={`${T}.filters.status`}
      alwaysOn
      emptyText={`${T}.filters.allStatuses`}
      choices={codesOf(ExerciseProgressStatus).map((c) => ({ id: c, name: translate(`${T}.status.${c}`) }))}
      translateChoice={false}
      sx={{ minWidth: 200 }}
    />,
  ];
}

/** The counts per status (of the filters but the status) and the table; tells the page which exercise it is. */
function ProgressTable({ onExercise }: { onExercise: (label: string) => void }) {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const meta = useListContext().meta as ProgressCheckMeta | undefined;
  useEffect(() => {
    if (meta) onExercise(meta.exercise.label);
  }, [meta, onExercise]);
  const when = (d: string | null) => (d ? dateTime(d) : '—');
  return (
    <>
      {meta && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ p: 2, pb: 1 }} data-testid="progress-by-status">
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.progressCheck.byStatus`)}:
          </Typography>
          {Object.entries(meta.byStatus).map(([s, n]) => (
            <Chip key={s} size="small" label={`${translate(`${T}.status.${s}`)}: ${n}`} />
          ))}
        </Stack>
      )}
      <TableScroll>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="progress-check" empty={<Typography color="text.secondary" sx={{ p: 2 }}>{translate(`${T}.messages.empty`)}</Typography>}>
          <FunctionField
            source="lastName"
            label={`${T}.columns.student`}
            sortable={false}
            render={(r: ProgressCheckRow) => (
              <>
                {`${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.email}
                <Typography variant="caption" color="text.secondary" display="block">
                  {r.email}
                </Typography>
              </>
            )}
          />
          <FunctionField source="groupLabel" label={`${T}.columns.group`} sortable={false} render={(r: ProgressCheckRow) => r.groupLabel ?? '—'} />
          <FunctionField source="status" label={`${T}.filters.status`} sortable={false} render={(r: ProgressCheckRow) => translate(`${T}.status.${r.status}`)} />
          <FunctionField
            source="score"
            label={`${T}.columns.score`}
            sortable={false}
            textAlign="right"
            render={(r: ProgressCheckRow) => (r.score === null ? '—' : r.maxScore !== null ? `${r.score} / ${r.maxScore}` : r.score)}
          />
          <TextField source="attempts" label={`${T}.columns.attempts`} sortable={false} textAlign="right" />
          <FunctionField source="startedAt" label={`${T}.columns.started`} sortable={false} render={(r: ProgressCheckRow) => when(r.startedAt)} />
          <FunctionField source="completedAt" label={`${T}.columns.completed`} sortable={false} render={(r: ProgressCheckRow) => when(r.completedAt)} />
          <FunctionField source="evaluation" label={`${T}.columns.evaluation`} sortable={false} render={(r: RaRecord) => (r.evaluation ? translate(`${T}.evaluation.${r.evaluation}`) : '—')} />
        </Datagrid>
      </TableScroll>
    </>
  );
}

/**
 * /courses/{courseId}/students-journal/{exerciseId}/progress-check (spec 1 §2.9): every student's
 * progress on one exercise — status, score of the last attempt, attempts, the evaluation — with
 * the counts per status; a tutor sees their assigned students. A react-admin List of the declared
 * resource `progress-check`.
 */
export default function ProgressCheckPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const filters = useFilters(courseId);
  const [exercise, setExercise] = useState('');
  return (
    <PageFrame title={translate(`${T}.progressCheck.title`, { label: exercise })} back={`/courses/${courseId}/students-journal`} plain>
      {/* empty={false}: the counts per status and the filters stay when no student matches */}
      <DeclaredList decl={progressCheck} title={false} filters={filters} empty={false} queryOptions={{ staleTime: 0 }}>
        <ProgressTable onExercise={setExercise} />
      </DeclaredList>
    </PageFrame>
  );
}
