import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { CheckboxGroupInput, Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { conditionCalls as calls, createTemplateInput } from '../../../shared/calls/conditions';
import { courseCalls } from '../../../shared/calls/courses';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { zodFormResolver } from '../factory/zodFormResolver';

const k = (key: string) => `resources.course-conditions.${key}`;

/** The form asks for at least one condition (the call's default, all of them, is for other clients). */
const resolver = zodFormResolver(createTemplateInput.extend({ predicateIds: z.array(z.number()).min(1) }));

/** Where to go back: the screen that opened this one (a path of the app), else the courses. */
const backFrom = (from: string | null) => (from && from.startsWith('/') && !from.startsWith('//') ? from : '/courses');

/** The chosen course's conditions to tick; all of them ticked whenever another course is chosen. */
function ConditionChoices() {
  const translate = useTranslate();
  const trainingId = useWatch({ name: 'trainingId' }) as number | undefined;
  const { setValue } = useFormContext();
  const conditions = useCall(calls.description, trainingId ? { params: { courseId: trainingId } } : null);
  const tickedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!conditions.data || tickedFor.current === trainingId) return;
    tickedFor.current = trainingId;
    setValue('predicateIds', conditions.data.map((c) => c.id));
  }, [conditions.data, trainingId, setValue]);
  if (!trainingId) return null;
  return (
    <PageState isPending={conditions.isPending} error={conditions.error} errorTitle={translate(k('loadError'))} refetch={() => void conditions.refetch()}>
      {conditions.data?.length ? (
        <CheckboxGroupInput
          source="predicateIds"
          label={k('template.conditions')}
          row={false}
          choices={conditions.data.map((c) => ({ id: c.id, name: `${c.label} — ${c.description}` }))}
        />
      ) : (
        <Alert severity="info">{translate(k('template.noConditions'))}</Alert>
      )}
    </PageState>
  );
}

/**
 * /conditions-template/create (spec 1 §2.8): a course's conditions (those ticked) saved as a named
 * template, which courses of the same program apply on their conditions screen.
 */
export function ConditionTemplateCreatePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = backFrom(search.get('from'));
  const preset = Number(search.get('courseId')) || undefined;
  const courses = useCall(courseCalls.options, {});
  const submit = useSubmit(
    (body: { label: string; trainingId: number; predicateIds: number[] }) => callApi(calls.createTemplate, { body }),
    () => navigate(back),
    { invalidate: [callKey(calls.templates), callKey(calls.allTemplates)], successKey: k('template.saved') },
  );
  return (
    <PageFrame title={translate(k('template.create'))} back={back}>
      <PageState isPending={courses.isPending} error={courses.error} refetch={() => void courses.refetch()}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(k('template.hint'))}
        </Typography>
        <Form defaultValues={{ label: '', trainingId: preset, predicateIds: [] }} resolver={resolver} onSubmit={(v: Record<string, unknown>) => submit(v as never)}>
          <Stack spacing={1} sx={{ maxWidth: 820 }}>
            <TextInput source="label" label={k('template.label')} fullWidth />
            <SelectInput source="trainingId" label={k('template.course')} choices={(courses.data ?? []).map((c) => ({ id: c.id, name: c.label }))} />
            <ConditionChoices />
            <Stack direction="row" spacing={1}>
              <SaveButton alwaysEnable />
              <Button component={Link} to={back}>
                {translate('ra.action.cancel')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </PageState>
    </PageFrame>
  );
}

export const conditionTemplateRoutes = [{ path: '/conditions-template/create', element: <ConditionTemplateCreatePage /> }];
