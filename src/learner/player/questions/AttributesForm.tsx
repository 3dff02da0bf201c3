import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../../app';
import type { AttributeFormItem } from '../../../../shared/attributes';
import { AttributeFields, useAttributeForm, type Draft } from '../../../attributes';
import type { SlideViewProps } from '../types';
import { attributesContent, savedAttributeValues } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { useSave } from './useSave';

/** The saved answer's drafts: a scalar as typed, a structured answer as it is. */
function initialDrafts(items: AttributeFormItem[], answer: unknown): Record<number, Draft> {
  const saved = savedAttributeValues(answer);
  return Object.fromEntries(
    items.map((d) => {
      const v = saved[String(d.id)];
      return [d.id, v !== null && typeof v === 'object' ? (v as Draft) : { value: v === null || v === undefined ? '' : String(v) }];
    }),
  );
}

/** What is sent per attribute: a scalar, or the structured answer (none choice, address, company, file). */
function wire(d: Draft): string | Draft {
  const structured = d.isHasNoneValue || d.address || d.company || d.fileId;
  return structured ? d : d.value === null || d.value === undefined ? '' : String(d.value);
}

/**
 * Attributes question: the question's attributes through the shared renderer and validator (the
 * server checks the same way and copies the stored answers into the profile); sent as `values`
 * keyed by attribute id.
 */
export function AttributesForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const content = attributesContent(page.content);
  const form = useAttributeForm(content.attributes, initialDrafts(content.attributes, page.answer));
  const [showAll, setShowAll] = useState(false);
  const save = useSave('attributes', props);

  const submit = () => {
    setShowAll(true);
    if (!form.valid) return;
    const values = Object.fromEntries(form.answers().map(({ attributeId, ...d }) => [attributeId, wire(d)]));
    return save.send({ values: values as never });
  };

  return (
    <div data-testid="question-form" data-kind="attributes">
      <QuestionText html={content.html} />
      {!form.valid && showAll && <Typography color="error" variant="body2" sx={{ mb: 1 }}>{translate('app.playerQuestions.attributes.fix')}</Typography>}
      <AttributeFields form={form} showAll={showAll} disabled={readOnly} onEdit={save.touch} />
      <SaveBar save={save} readOnly={readOnly} onSave={submit} />
    </div>
  );
}
