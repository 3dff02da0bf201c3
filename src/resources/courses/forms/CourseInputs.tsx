import { Alert, Box, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, RadioButtonGroupInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { courseCalls } from '../../../../shared/calls/courses';
import { COURSE_LABEL_MAX, COURSE_SHORT_TEXT_MAX } from '../../../../shared/courses';
import { codesOf, GradeAggregation } from '../../../../shared/enums';
import { programCalls } from '../../../../shared/calls/programs';
import { useCall } from '../../../http/queries';
import { RichTextInput } from '../../richText';
import { DateRangeInputs } from './DateRangeInputs';
import { PictureInput } from './PictureInput';

const f = (name: string) => `resources.courses.fields.${name}`;
/** a long choice wraps on a phone instead of widening the page */
const wrapChoice = { '& .MuiSelect-select': { whiteSpace: 'normal' } } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The program of a new course: a choice of the programs the caller may use, or its number when that
 * list is closed to them. A draft program (not marked ready) is named as one: its lessons may still
 * change under the course's students.
 */
function ProgramInput() {
  const translate = useTranslate();
  const programs = useCall(programCalls.choices, {});
  const programId = useWatch({ name: 'programId' }) as number | string | undefined;
  const published = useWatch({ name: 'isPublished' }) === true;
  if (programs.error) {
    return <NumberInput source="programId" label={f('programId')} helperText={translate('resources.courses.messages.programsUnavailable')} fullWidth />;
  }
  const chosen = programs.data?.find((p) => String(p.id) === String(programId));
  return (
    <>
      <SelectInput
        source="programId"
        label={f('programId')}
        choices={(programs.data ?? []).map((p) => ({ id: p.id, label: p.isReady ? p.label : `${p.label} (${translate('resources.programs.draft')})` }))}
        optionText="label"
        isPending={programs.isPending}
        fullWidth
        sx={wrapChoice}
        data-testid="program-select"
      />
      {chosen && !chosen.isReady && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="draft-program">
          {translate(published ? 'resources.courses.messages.draftProgramPublished' : 'resources.courses.messages.draftProgram', { label: chosen.label })}
        </Alert>
      )}
    </>
  );
}

/** Availability: "always" or by dates (open–close); alwaysAvailableByDates carries the choice. */
function AvailabilityInputs() {
  const byDates = useWatch({ name: 'alwaysAvailableByDates' }) === true;
  return (
    <>
      <RadioButtonGroupInput
        source="alwaysAvailableByDates"
        label={f('availability')}
        choices={[
          { id: 'always', name: 'resources.courses.availability.always' },
          { id: 'byDates', name: 'resources.courses.availability.byDates' },
        ]}
        format={(v: unknown) => (v === true ? 'byDates' : 'always')}
        parse={(v: string) => v === 'byDates'}
        row
      />
      {byDates && <DateRangeInputs from="open" to="close" label={f} />}
    </>
  );
}

/** Fields of the course create form, and the common part of its settings. */
export function CourseInputs({ create }: { create?: boolean }) {
  return (
    <>
      {create && <ProgramInput />}
      {create && <BooleanInput source="isPublished" label={f('isPublished')} helperText={f('isPublishedHint')} />}
      <TextInput source="label" label={f('label')} fullWidth inputProps={{ maxLength: COURSE_LABEL_MAX }} helperText={false} />
      <DateRangeInputs from="begin" to="end" label={f} />
      <RichTextInput source="description" label={f('description')} />
      <PictureInput source="picture" label={f('picture')} />
      <Section title="resources.courses.sections.availability">
        <AvailabilityInputs />
      </Section>
      <Section title="resources.courses.sections.staff">
        <TextInput source="groupLabel" label={f('groupLabel')} fullWidth inputProps={{ maxLength: COURSE_SHORT_TEXT_MAX }} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput source="tutorEmail" label={f('tutorEmail')} type="email" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput source="moderatorEmail" label={f('moderatorEmail')} type="email" fullWidth />
          </Grid>
        </Grid>
      </Section>
      <Section title="resources.courses.sections.joining">
        <RadioButtonGroupInput
          source="joinMode"
          label={f('joinMode')}
          choices={[
            { id: 'direct', name: 'resources.courses.joinModes.direct' },
            { id: 'application', name: 'resources.courses.joinModes.application' },
          ]}
          row
        />
        <BooleanInput source="requiresEmailConfirmation" label={f('requiresEmailConfirmation')} />
        <TextInput source="relatedCategory" label={f('relatedCategory')} fullWidth inputProps={{ maxLength: COURSE_SHORT_TEXT_MAX }} />
      </Section>
    </>
  );
}

/** The settings beyond the create form: publication, footer, dates shown, grading. */
export function CourseSettingsInputs() {
  const translate = useTranslate();
  const visibility = useCall(courseCalls.datesVisibility, {}, { staleTime: 3600_000 });
  return (
    <>
      <Section title="resources.courses.sections.menu">
        <BooleanInput source="isPublished" label={f('isPublished')} />
        <TextInput source="keywords" label={f('keywords')} fullWidth />
        <SelectInput source="datesVisibility" label={f('datesVisibility')} choices={visibility.data ?? []} optionText="label" fullWidth isPending={visibility.isPending} sx={wrapChoice} />
        <RichTextInput source="footer" label={f('footer')} />
      </Section>
      <Section title="resources.courses.sections.grading">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput
              source="gradeAggregation"
              label={f('gradeAggregation')}
              choices={codesOf(GradeAggregation).map((id) => ({ id, name: translate(`resources.courses.aggregations.${id}`) }))}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput source="passingScore" label={f('passingScore')} min={0} max={1} step={0.01} fullWidth />
          </Grid>
        </Grid>
      </Section>
    </>
  );
}
