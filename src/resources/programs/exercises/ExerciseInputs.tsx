import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ExerciseAvailabilityRule, ExerciseCompletionCondition } from '../../../../shared/enums';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { DESCRIPTION_MAX, LABEL_MAX, type ExerciseInfo, type ExerciseInput } from '../../../../shared/programs';
import { serverText } from '../../../http/errors';
import { useCall } from '../../../http/queries';

/** Work kinds (ExerciseType) for the select: key/value items, the zero key dropped (spec 2 §4). */
const useWorkKinds = () => useCall(exerciseCalls.workKinds, { params: { ignoreRoles: 'false' } });

const rules = Object.entries(ExerciseAvailabilityRule).map(([name, id]) => ({ id, name: `resources.programs.availability.${name}` }));
const conditions = Object.entries(ExerciseCompletionCondition).map(([name, id]) => ({ id, name: `resources.programs.completion.${name}` }));

/** Fields shared by every exercise kind (create and Info edit). */
export function ExerciseInputs() {
  const translate = useTranslate();
  const kinds = useWorkKinds();
  const kindChoices = (kinds.data ?? []).filter((k) => k.key !== 0).map((k) => ({ id: k.key, name: k.value }));
  return (
    <>
      <TextInput source="label" label="resources.programs.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <TextInput source="description" label="resources.programs.fields.description" fullWidth multiline minRows={3} inputProps={{ maxLength: DESCRIPTION_MAX }} />
      <BooleanInput source="isHiddenDescription" label="resources.programs.fields.isHiddenDescription" />
      <SelectInput
        source="exerciseType"
        label="resources.programs.fields.exerciseType"
        choices={kindChoices}
        translateChoice={false}
        isPending={kinds.isPending}
        placeholder={kinds.isPending ? translate('app.common.loading') : undefined}
        helperText={kinds.error ? `${translate('resources.programs.messages.workKindsError')} ${serverText(kinds.error) ?? ''}` : undefined}
        error={!!kinds.error}
      />
      <SelectInput source="availabilityRule" label="resources.programs.fields.availabilityRule" choices={rules} />
      <SelectInput source="completionCondition" label="resources.programs.fields.completionCondition" choices={conditions} />
      <NumberInput source="timeLimitMinutes" label="resources.programs.fields.timeLimitMinutes" min={1} step={1} />
      <NumberInput source="restartLimit" label="resources.programs.fields.restartLimit" min={0} step={1} />
      <BooleanInput source="feedbackEnabled" label="resources.programs.fields.feedbackEnabled" />
    </>
  );
}

export const exerciseDefaults = {
  label: '',
  description: '',
  isHiddenDescription: false,
  exerciseType: 10,
  availabilityRule: ExerciseAvailabilityRule.always,
  completionCondition: ExerciseCompletionCondition.completed,
  timeLimitMinutes: null,
  restartLimit: 3,
  feedbackEnabled: false,
};

/** Form values of an exercise's Info. */
export function infoDefaults(info: ExerciseInfo) {
  const values = info as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(exerciseDefaults)) out[k] = values[k] ?? (exerciseDefaults as Record<string, unknown>)[k];
  return out;
}

/** The body of the form's values (checked by the form's resolver): a NumberInput left empty sends null, "no limit". */
export function cleanExerciseValues(v: Record<string, unknown>): ExerciseInput {
  const out = { ...v };
  if (out.timeLimitMinutes === '' || out.timeLimitMinutes === undefined) out.timeLimitMinutes = null;
  if (out.restartLimit === '' || out.restartLimit === null) delete out.restartLimit;
  return out as ExerciseInput;
}
