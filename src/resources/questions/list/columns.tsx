import { Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { freeInputTypeOf, type QuestionKind } from '../../../../shared/questions';

/** A list row of any bank (each kind's record has these and its own parts). */
export interface BankRow {
  id: number;
  label: string;
  courseId: number | null;
  choiceMode?: number;
  options?: unknown[];
  inputType?: number;
  correctValues?: string[];
  targets?: unknown[];
  items?: unknown[];
  testCases?: unknown[];
  files?: unknown[];
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The columns each bank adds after the title and the program. */
export const bankColumns: Record<QuestionKind, { key: string; label: string; render: (r: BankRow, t: Translate) => ReactNode }[]> = {
  closed: [
    { key: 'mode', label: 'resources.questions.fields.choiceMode', render: (r, t) => <Chip size="small" label={t(`resources.questions.choiceModes.${r.choiceMode === 0 ? 'checkbox' : 'radio'}`)} /> },
    { key: 'options', label: 'resources.questions.fields.optionsCount', render: (r) => r.options?.length ?? 0 },
  ],
  free: [
    { key: 'type', label: 'resources.questions.fields.inputType', render: (r, t) => t(`resources.questions.inputTypes.${freeInputTypeOf(r.inputType ?? 2)?.key ?? 'string'}`) },
    { key: 'answers', label: 'resources.questions.fields.correctValuesCount', render: (r) => r.correctValues?.length ?? 0 },
  ],
  matching: [
    { key: 'targets', label: 'resources.questions.fields.targetsCount', render: (r) => r.targets?.length ?? 0 },
    { key: 'options', label: 'resources.questions.fields.optionsCount', render: (r) => r.options?.length ?? 0 },
  ],
  sequence: [{ key: 'items', label: 'resources.questions.fields.itemsCount', render: (r) => r.items?.length ?? 0 }],
  code: [
    { key: 'tests', label: 'resources.questions.fields.testCasesCount', render: (r) => r.testCases?.length ?? 0 },
    { key: 'files', label: 'resources.questions.fields.filesCount', render: (r) => r.files?.length ?? 0 },
  ],
};
