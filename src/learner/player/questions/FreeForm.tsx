import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from '../../../app';
import { callApi } from '../../../http/client';
import { callKey } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { freeQuestionCalls } from '../../../../shared/calls/questions';
import type { SlideViewProps } from '../types';
import { questionOf, savedFreeValue, type FreeQuestion } from './content';
import { checkFreeAnswer, isFreeKind, textMax, type FreeKind } from './freeAnswer';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/** The input kinds of free answers (GET /api/questions/free/types, named in the user's language): kept for the session per language. */
export function useFreeTypes() {
  const [locale] = useLocaleState();
  return useQuery({ queryKey: [...callKey(freeQuestionCalls.types), locale], queryFn: () => callApi(freeQuestionCalls.types), staleTime: Infinity, retry: false });
}

/** Free answer: one input of the question's type (date, string, integer, float, boolean, textarea). */
export function FreeForm(props: SlideViewProps) {
  const translate = useTranslate();
  const q = questionOf<FreeQuestion>(props.page.content);
  const types = useFreeTypes();
  if (!q) return <UnknownKind message={k('errors.noQuestion')} />;
  const type = types.data?.find((t) => t.id === q.inputType);
  return (
    <PageState isPending={types.isPending} error={types.error} describeError={() => translate(k('errors.typesFailed'))} refetch={() => void types.refetch()}>
      {!type || !isFreeKind(type.key) ? <UnknownKind message={k('errors.unknownFree')} /> : <FreeInput {...props} question={q} kind={type.key} typeLabel={type.label} />}
    </PageState>
  );
}

function FreeInput(props: SlideViewProps & { question: FreeQuestion; kind: FreeKind; typeLabel: string }) {
  const { page, readOnly, question, kind, typeLabel } = props;
  const translate = useTranslate();
  const [value, setValue] = useState(() => savedFreeValue(page.answer));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSave('free', props);
  const change = (v: string) => {
    setValue(v);
    setInvalid(null);
    save.touch();
  };
  const counted = kind === 'text' || kind === 'string';
  const limit = textMax(question.max);
  const submit = () => {
    const checked = checkFreeAnswer(question.inputType, value, { min: question.min, max: question.max });
    if (!checked.ok) return setInvalid(translate(k(checked.error), { min: question.min ?? 0, max: counted ? limit : (question.max ?? 0), count: checked.error === 'free.lengthMin' ? (question.min ?? 0) : limit }));
    return save.send({ value: checked.value });
  };
  const label = translate(k('free.answer'));

  let input;
  if (kind === 'boolean') {
    input = (
      <FormControl disabled={readOnly} error={!!invalid}>
        <FormLabel>{typeLabel}</FormLabel>
        <RadioGroup row value={value} onChange={(e) => change(e.target.value)}>
          <FormControlLabel value="true" control={<Radio />} label={translate(k('free.yes'))} />
          <FormControlLabel value="false" control={<Radio />} label={translate(k('free.no'))} />
        </RadioGroup>
        {invalid && <FormHelperText>{invalid}</FormHelperText>}
      </FormControl>
    );
  } else {
    const multiline = kind === 'text';
    input = (
      <TextField
        label={label}
        value={value}
        onChange={(e) => change(e.target.value)}
        disabled={readOnly}
        error={!!invalid}
        helperText={invalid ?? (counted ? translate(k('free.counter'), { length: value.length, max: limit }) : typeLabel)}
        multiline={multiline}
        minRows={multiline ? 4 : undefined}
        fullWidth={counted}
        type={kind === 'date' ? 'date' : 'text'}
        slotProps={{
          inputLabel: kind === 'date' ? { shrink: true } : undefined,
          htmlInput: {
            'data-testid': 'free-answer',
            inputMode: kind === 'integer' ? 'numeric' : kind === 'float' ? 'decimal' : undefined,
            maxLength: counted ? limit : undefined,
          },
        }}
      />
    );
  }

  return (
    <div data-testid="question-form" data-kind="free">
      <QuestionText html={question.text || question.label} />
      {input}
      <SaveBar save={save} readOnly={readOnly} onSave={submit} />
    </div>
  );
}
