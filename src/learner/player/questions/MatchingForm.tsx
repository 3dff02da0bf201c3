import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../../app';
import type { SlideViewProps } from '../types';
import { questionOf, savedPairs, type MatchingQuestion } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/**
 * Matching: each option gets a target (or none — distractors stay unmatched) from a plain
 * select, which works with a finger on a phone where dragging between two columns does not.
 * Sent as `pairs` of optionId → targetId (null = left unmatched), as the server scores them.
 */
export function MatchingForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const q = questionOf<MatchingQuestion>(page.content);
  const [chosen, setChosen] = useState<Map<number, number | null>>(() => savedPairs(page.answer));
  const save = useSave('matches', props);
  if (!q) return <UnknownKind message={k('errors.noQuestion')} />;
  const choose = (optionId: number, targetId: number | null) => {
    setChosen(new Map(chosen).set(optionId, targetId));
    save.touch();
  };
  const pairs = q.options.map((o) => ({ optionId: o.id, targetId: chosen.get(o.id) ?? null }));

  return (
    <div data-testid="question-form" data-kind="matching">
      <QuestionText html={q.text || q.label} />
      <Stack spacing={2}>
        {q.options.map((o) => (
          <Stack key={o.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
            <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }} id={`match-option-${o.id}`}>{o.text}</Typography>
            <TextField
              select
              size="small"
              sx={{ minWidth: 200, flex: 1 }}
              label={translate(k('matching.target'))}
              value={chosen.get(o.id) != null ? String(chosen.get(o.id)) : ''}
              onChange={(e) => choose(o.id, e.target.value === '' ? null : Number(e.target.value))}
              disabled={readOnly}
              slotProps={{ htmlInput: { 'aria-describedby': `match-option-${o.id}` }, select: { SelectDisplayProps: { 'data-testid': `match-select-${o.id}`, 'aria-label': o.text } as object } }}
            >
              <MenuItem value="">
                <em>{translate(k('matching.none'))}</em>
              </MenuItem>
              {q.targets.map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.text}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ))}
      </Stack>
      <SaveBar save={save} readOnly={readOnly} onSave={() => save.send({ pairs })} />
    </div>
  );
}
