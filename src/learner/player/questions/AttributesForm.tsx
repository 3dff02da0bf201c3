import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SlideViewProps } from '../types';
import { attributeInputOf, attributeValue, type AttributeInput } from './attributeValue';
import { attributesContent, savedAttributeValues, type AttributeField } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;
type Raw = Record<string, string | boolean>;

function initialRaw(fields: AttributeField[], answer: unknown): Raw {
  const saved = savedAttributeValues(answer);
  const raw: Raw = {};
  for (const f of fields) {
    const v = saved[String(f.id)];
    raw[f.id] = attributeInputOf(f.type) === 'bool' ? v === true : v == null ? '' : String(v);
  }
  return raw;
}

/** Attributes question: one input per attribute of the slide, by its data type; sent as `values` keyed by attribute id. */
export function AttributesForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const content = attributesContent(page.content);
  const [raw, setRaw] = useState<Raw>(() => initialRaw(content.attributes, page.answer));
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const save = useSave('attributes', props);
  const unknown = content.attributes.find((a) => attributeInputOf(a.type) === null);
  if (unknown) return <UnknownKind message={k('errors.unknownAttribute')} />;

  const set = (id: number, v: string | boolean) => {
    setRaw({ ...raw, [id]: v });
    setInvalid({ ...invalid, [id]: '' });
    save.touch();
  };
  const submit = () => {
    const values: Record<string, string | number | boolean | null> = {};
    const problems: Record<string, string> = {};
    for (const f of content.attributes) {
      const r = attributeValue(attributeInputOf(f.type)!, raw[f.id] ?? '');
      if (r.ok) values[f.id] = r.value;
      else problems[f.id] = translate(k(r.error), { max: r.count ?? 0 });
    }
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    return save.send({ values });
  };

  return (
    <div data-testid="question-form" data-kind="attributes">
      <QuestionText html={content.html} />
      <Stack spacing={2}>
        {content.attributes.map((f) => (
          <AttributeInputField key={f.id} field={f} input={attributeInputOf(f.type)!} value={raw[f.id] ?? ''} error={invalid[f.id]} readOnly={readOnly} onChange={(v) => set(f.id, v)} />
        ))}
      </Stack>
      <SaveBar save={save} readOnly={readOnly} onSave={submit} />
    </div>
  );
}

function AttributeInputField({ field, input, value, error, readOnly, onChange }: { field: AttributeField; input: AttributeInput; value: string | boolean; error?: string; readOnly: boolean; onChange: (v: string | boolean) => void }) {
  const translate = useTranslate();
  if (input === 'bool') {
    return <FormControlLabel control={<Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} disabled={readOnly} />} label={field.label} />;
  }
  return (
    <TextField
      label={field.label}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
      disabled={readOnly}
      error={!!error}
      helperText={error || (input === 'phone' ? translate(k('attributes.phoneHint')) : undefined)}
      multiline={input === 'text'}
      minRows={input === 'text' ? 3 : undefined}
      type={input === 'date' ? 'date' : input === 'phone' ? 'tel' : 'text'}
      fullWidth
      slotProps={{
        inputLabel: input === 'date' ? { shrink: true } : undefined,
        htmlInput: { inputMode: input === 'int' ? 'numeric' : input === 'float' ? 'decimal' : undefined, 'data-testid': `attribute-${field.id}` },
      }}
    />
  );
}
