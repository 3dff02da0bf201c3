import { cloneElement, type ReactElement } from 'react';
import {
  BooleanField,
  FunctionField,
  NumberField,
  ReferenceField,
  SelectField,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { ColumnSpec, FieldUi, ResourceDeclaration } from '../../../shared/resources/define';
import { fieldKind, fieldLabel, sortableFields } from '../../../shared/resources/define';
import { useDates } from '../../ui/dates';
import { richTextExcerpt } from '../../ui/richText/purify';

/** A date (or date-time) column in the UI language's format (src/ui/dates.ts), never the browser's. */
export function DateText({ source, withTime }: { source: string; withTime?: boolean; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const dates = useDates();
  const value = record?.[source] as string | null | undefined;
  return <>{withTime ? dates.dateTime(value) : dates.day(value)}</>;
}

/** May the list be sorted by this column? Simple-rest servers sort by declared columns; spec paths only when declared. */
export function isSortable(decl: ResourceDeclaration, column: ColumnSpec): boolean {
  if (decl.api.conventions === 'simple-rest') return sortableFields(decl).includes(column.source);
  return column.sortable === true;
}

/** The list column of a declared field. */
function columnFieldElement(decl: ResourceDeclaration, column: ColumnSpec): ReactElement {
  const source = column.source;
  const ui = (decl.ui.fields as Record<string, FieldUi | undefined>)[source];
  const common = { source, label: fieldLabel(decl, source), sortable: isSortable(decl, column) };
  switch (column.kind ?? fieldKind(decl, source)) {
    case 'number':
      return <NumberField {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'date':
      return <DateText {...common} />;
    case 'dateTime':
      return <DateText {...common} withTime />;
    case 'select':
      return <SelectField {...common} choices={[...(ui?.choices ?? [])]} />;
    case 'reference':
      return <ReferenceField {...common} reference={ui?.reference ?? ''} link={false} />;
    case 'richText':
      return <FunctionField {...common} render={(r: RaRecord) => richTextExcerpt(r[source] as string)} />;
    case 'longText':
      return <FunctionField {...common} render={(r: RaRecord) => String(r[source] ?? '').slice(0, 120)} />;
    default:
      return <TextField {...common} />;
  }
}

/** The list column of a declared field, keyed by its source (a key is never spread into JSX). */
export function columnField(decl: ResourceDeclaration, column: ColumnSpec): ReactElement {
  return cloneElement(columnFieldElement(decl, column), { key: column.source });
}
