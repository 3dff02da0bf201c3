import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../ui/FormActions';
import { questionResolver, type FormShape } from './resolver';

export interface QuestionFormProps {
  /** the schema the server checks the body with */
  schema: z.ZodType;
  /** form values → the API body, when they differ (also what the schema checks) */
  shape?: FormShape;
  defaultValues?: FieldValues;
  /** a submission of its own (multipart forms); default: react-admin's save (the dataProvider) */
  onSubmit?: (values: FieldValues) => Promise<unknown>;
  /** where Cancel goes (or what it does: a form in a dialog closes it) */
  back: string | (() => void);
  children: ReactNode;
}

/** The inputs of a question screen, checked by the shared schema, with Save and Cancel under them. */
export function QuestionForm({ schema, shape, defaultValues, onSubmit, back, children }: QuestionFormProps) {
  return (
    <Form defaultValues={defaultValues} resolver={questionResolver(schema, shape)} onSubmit={onSubmit}>
      {children}
      <FormActions cancel={back} />
    </Form>
  );
}
