import { Chip } from '@mui/material';
import type { ReactElement } from 'react';
import { FunctionField } from 'react-admin';
import { ChoiceMode } from '../../../../shared/enums';
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

/** "Radio" or "checkbox", as a chip. */
export const ChoiceModeChip = ({ mode, translate }: { mode?: number; translate: Translate }) => (
  <Chip size="small" label={translate(`questionBanks.choiceModes.${mode === ChoiceMode.checkbox ? 'checkbox' : 'radio'}`)} />
);

const count = (label: string, of: (r: BankRow) => unknown[] | undefined) => (
  <FunctionField key={label} label={label} sortable={false} render={(r: BankRow) => of(r)?.length ?? 0} />
);

/** The columns each bank adds after the title and the program. */
export function bankColumns(kind: QuestionKind, translate: Translate): ReactElement[] {
  switch (kind) {
    case 'closed':
      return [
        <FunctionField key="mode" label="questionBanks.fields.choiceMode" sortable={false} render={(r: BankRow) => <ChoiceModeChip mode={r.choiceMode} translate={translate} />} />,
        count('questionBanks.fields.optionsCount', (r) => r.options),
      ];
    case 'free':
      return [
        <FunctionField
          key="type"
          label="questionBanks.fields.inputType"
          sortable={false}
          render={(r: BankRow) => translate(`questionBanks.inputTypes.${freeInputTypeOf(r.inputType ?? 2)?.key ?? 'string'}`)}
        />,
        count('questionBanks.fields.correctValuesCount', (r) => r.correctValues),
      ];
    case 'matching':
      return [count('questionBanks.fields.targetsCount', (r) => r.targets), count('questionBanks.fields.optionsCount', (r) => r.options)];
    case 'sequence':
      return [count('questionBanks.fields.itemsCount', (r) => r.items)];
    case 'code':
      return [count('questionBanks.fields.testCasesCount', (r) => r.testCases), count('questionBanks.fields.filesCount', (r) => r.files)];
  }
}
