import { cloneElement, type ReactElement } from 'react';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { FieldUi, FilterSpec, ResourceDeclaration } from '../../../shared/resources/define';
import { fieldKind, fieldLabel } from '../../../shared/resources/define';
import { RichTextInput } from '../richText/RichTextInput';

const uiOf = (decl: ResourceDeclaration, field: string) => (decl.ui.fields as Record<string, FieldUi | undefined>)[field];

/** The form input of a declared field. */
function formInputElement(decl: ResourceDeclaration, field: string): ReactElement {
  const ui = uiOf(decl, field);
  const common = { source: field, label: fieldLabel(decl, field), helperText: ui?.helperText ?? false, readOnly: ui?.readOnly };
  switch (fieldKind(decl, field)) {
    case 'richText':
      return <RichTextInput {...common} helperText={ui?.helperText} />;
    case 'longText':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'dateTime':
      return <DateTimeInput {...common} />;
    case 'select':
      return <SelectInput {...common} choices={[...(ui?.choices ?? [])]} />;
    case 'reference':
      return <ReferenceInput source={field} reference={ui?.reference ?? ''} />;
    default:
      return <TextInput {...common} fullWidth />;
  }
}

/** The list filter input of a declared filter. */
function filterInputElement(decl: ResourceDeclaration, filter: FilterSpec): ReactElement {
  const common = { source: filter.source, alwaysOn: filter.alwaysOn };
  if (filter.op === 'search') return <SearchInput {...common} />;
  if (filter.op === 'param') return <TextInput {...common} label={filter.label ?? filter.source} />;
  const label = filter.label ?? fieldLabel(decl, filter.field);
  if (filter.choices) return <SelectInput {...common} label={label} choices={[...filter.choices]} />;
  const ui = uiOf(decl, filter.field);
  switch (fieldKind(decl, filter.field)) {
    case 'boolean':
      return <NullableBooleanInput {...common} label={label} />;
    case 'number':
      return <NumberInput {...common} label={label} />;
    case 'date':
    case 'dateTime':
      return <DateInput {...common} label={label} />;
    case 'select':
      return <SelectInput {...common} label={label} choices={[...(ui?.choices ?? [])]} />;
    case 'reference':
      return <ReferenceInput {...common} reference={ui?.reference ?? ''} />;
    default:
      return <TextInput {...common} label={label} />;
  }
}

/** The form input of a declared field, keyed by its name (a key is never spread into JSX). */
export function formInput(decl: ResourceDeclaration, field: string): ReactElement {
  return cloneElement(formInputElement(decl, field), { key: field });
}

/** The list filter input of a declared filter, keyed by its source. */
export function filterInput(decl: ResourceDeclaration, filter: FilterSpec): ReactElement {
  return cloneElement(filterInputElement(decl, filter), { key: filter.source });
}
