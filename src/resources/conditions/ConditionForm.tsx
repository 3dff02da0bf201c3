import { Button, Stack } from '@mui/material';
import { BooleanInput, DateInput, Form, NumberInput, SaveButton, SelectArrayInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  conditionCalls as calls,
  conditionForm,
  type ConditionAttributes,
  type ConditionForm as FormValues,
  type ConditionRecord,
} from '../../../shared/calls/conditions';
import { PredicateKind } from '../../../shared/enums';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { zodFormResolver } from '../factory/zodFormResolver';
import { conditionsPath } from './paths';

const k = (key: string) => `resources.course-conditions.${key}`;

/** The schema's own rules (conditions.*) as this screen's texts. */
const resolver = zodFormResolver(conditionForm, {
  customMessage: (key) => (key.startsWith('conditions.') ? k(`validation.${key.slice('conditions.'.length)}`) : undefined),
});

const blank: FormValues = { kind: PredicateKind.state, label: '', eventType: 'completed', exerciseIds: [], lessonIds: [], state: '' };

function valuesOf(r: ConditionRecord): FormValues {
  const common = { label: r.label, eventType: r.eventType, exerciseIds: r.exerciseIds, lessonIds: r.lessonIds, minScorePercent: r.minScorePercent, date: r.date };
  if (r.kind === PredicateKind.application) {
    return { ...common, kind: r.kind, application: r.application ?? 'enrolment', targetCourseId: r.targetCourseId, approve: r.approve, reason: r.reason };
  }
  if (r.kind === PredicateKind.documentGeneration) return { ...common, kind: r.kind, title: r.title ?? '' };
  return { ...common, kind: PredicateKind.state, state: r.state ?? '' };
}

const byKind = {
  [PredicateKind.state]: [calls.createState, calls.editState],
  [PredicateKind.application]: [calls.createApplication, calls.editApplication],
  [PredicateKind.documentGeneration]: [calls.createDocument, calls.editDocument],
} as const;

/** Saves through the call of the condition's kind (create, or edit of `id`); the server checks the body with that kind's schema. */
function save(courseId: string, id: number | undefined, { kind, ...body }: FormValues): Promise<unknown> {
  const [create, edit] = byKind[kind];
  return id ? callApi(edit, { params: { courseId, predicateId: id }, body: body as never }) : callApi(create, { params: { courseId }, body: body as never });
}

/** The inputs: kind (fixed once made), name, event and its parameter, linked lessons and exercises, what the kind does. */
function ConditionInputs({ attributes, editing }: { attributes: ConditionAttributes; editing: boolean }) {
  const translate = useTranslate();
  const kind = useWatch({ name: 'kind' }) as PredicateKind;
  const event = useWatch({ name: 'eventType' }) as string;
  const application = useWatch({ name: 'application' }) as string | undefined;
  const exercises = attributes.lessons.flatMap((l) => l.exercises.map((e) => ({ id: e.id, name: `${l.label} — ${e.label}` })));
  return (
    <>
      <SelectInput source="kind" label={k('fields.kind')} choices={attributes.kinds.map((id) => ({ id, name: translate(k(`kinds.${id}`)) }))} disabled={editing} />
      <TextInput source="label" label={k('fields.label')} fullWidth />
      <SelectInput source="eventType" label={k('fields.eventType')} choices={attributes.events.map((id) => ({ id, name: translate(k(`events.${id}`)) }))} />
      {(event === 'passed' || event === 'failed') && <NumberInput source="minScorePercent" label={k('fields.minScorePercent')} min={0} max={100} helperText={k('helper.minScorePercent')} />}
      {event === 'deadlineMissed' && <DateInput source="date" label={k('fields.date')} helperText={k('helper.date')} />}
      <SelectArrayInput source="lessonIds" label={k('fields.lessonIds')} choices={attributes.lessons.map((l) => ({ id: l.id, name: l.label }))} fullWidth />
      <SelectArrayInput source="exerciseIds" label={k('fields.exerciseIds')} choices={exercises} fullWidth />
      {kind === PredicateKind.state && <TextInput source="state" label={k('fields.state')} fullWidth />}
      {kind === PredicateKind.application && (
        <>
          <SelectInput source="application" label={k('fields.application')} choices={attributes.applications.map((id) => ({ id, name: translate(k(`applications.${id}`)) }))} />
          {application === 'enrolment' && <SelectInput source="targetCourseId" label={k('fields.targetCourseId')} choices={attributes.targetCourses.map((c) => ({ id: c.id, name: c.label }))} />}
          {application === 'expulsion' && <TextInput source="reason" label={k('fields.reason')} multiline fullWidth />}
          <BooleanInput source="approve" label={k('fields.approve')} />
        </>
      )}
      {kind === PredicateKind.documentGeneration && <TextInput source="title" label={k('fields.title')} helperText={k('helper.title')} fullWidth />}
    </>
  );
}

/** /courses/{courseId}/conditions/create and …/{id}: a condition's form, checked by the same schema the server checks per kind. */
export default function ConditionForm() {
  const { courseId = '', id } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const editing = id !== undefined;
  const existing = useCall(calls.info, editing ? { params: { id } } : null);
  const attributes = useCall(calls.attributes, { params: { courseId } });
  const list = conditionsPath(courseId);
  const submit = useSubmit((values: FormValues) => save(courseId, existing.data?.id, values), () => navigate(list), {
    invalidate: [callKey(calls.attributes), callKey(calls.info)],
  });
  return (
    <PageFrame title={translate(k(editing ? 'edit' : 'create'))} back={list}>
      <PageState
        isPending={attributes.isPending || (editing && existing.isPending)}
        error={attributes.error ?? existing.error}
        errorTitle={translate(k('loadError'))}
        refetch={() => void (attributes.refetch(), existing.refetch())}
      >
        {attributes.data && (!editing || existing.data) && (
          <Form defaultValues={existing.data ? valuesOf(existing.data) : blank} resolver={resolver} onSubmit={(v: Record<string, unknown>) => submit(v as FormValues)}>
            <Stack spacing={1} sx={{ maxWidth: 820 }}>
              <ConditionInputs attributes={attributes.data} editing={editing} />
              <Stack direction="row" spacing={1}>
                <SaveButton alwaysEnable />
                <Button component={Link} to={list}>
                  {translate('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Form>
        )}
      </PageState>
    </PageFrame>
  );
}
