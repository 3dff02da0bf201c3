import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../../app';
import { ChoiceMode } from '../../../../shared/enums';
import type { SlideViewProps } from '../types';
import { questionOf, savedOptionIds, type ChoiceQuestion } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/** Choice question: radio for ChoiceMode.radio (one answer), checkboxes for ChoiceMode.checkbox (several). */
export function ChoiceForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const q = questionOf<ChoiceQuestion>(page.content);
  const [chosen, setChosen] = useState<number[]>(() => savedOptionIds(page.answer));
  const save = useSave('answers', props);
  if (!q) return <UnknownKind message={k('errors.noQuestion')} />;
  if (q.choiceMode !== ChoiceMode.radio && q.choiceMode !== ChoiceMode.checkbox) return <UnknownKind message={k('errors.unknownChoice')} />;
  const single = q.choiceMode === ChoiceMode.radio;
  const pick = (ids: number[]) => {
    setChosen(ids);
    save.touch();
  };
  const legend = translate(k(single ? 'choice.single' : 'choice.multiple'));

  return (
    <div data-testid="question-form" data-kind="choice">
      <QuestionText html={q.text || q.label} />
      <FormControl disabled={readOnly} component="fieldset">
        <FormLabel component="legend">{legend}</FormLabel>
        {single ? (
          <RadioGroup value={chosen[0] != null ? String(chosen[0]) : ''} onChange={(e) => pick([Number(e.target.value)])}>
            {q.options.map((o) => (
              <FormControlLabel key={o.id} value={String(o.id)} control={<Radio />} label={o.text} />
            ))}
          </RadioGroup>
        ) : (
          <FormGroup>
            {q.options.map((o) => (
              <FormControlLabel
                key={o.id}
                control={<Checkbox checked={chosen.includes(o.id)} onChange={(e) => pick(e.target.checked ? [...chosen, o.id] : chosen.filter((id) => id !== o.id))} />}
                label={o.text}
              />
            ))}
          </FormGroup>
        )}
      </FormControl>
      <SaveBar
        save={save}
        readOnly={readOnly}
        onSave={() => {
          if (single && chosen.length !== 1) return save.setError(translate(k('choice.pickOne')));
          return save.send({ optionIds: chosen });
        }}
      />
    </div>
  );
}
