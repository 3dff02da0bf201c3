import { problemTexts } from '../../attributes/texts';
import type { CatalogueOf } from '../catalogue';
import type { attributes as ru } from '../ru/attributes';

export const attributes: CatalogueOf<typeof ru> = {
  problems: problemTexts('en'),
  none: 'None',
  yes: 'Yes',
  no: 'No',
  phoneHint: 'Format: +1 (999) 999-99-99',
  textCounter: '{{length}} / {{max}}',
  company: { name: 'Company name', address: 'Company address', inn: 'INN', kpp: 'KPP' },
  fileSaved: 'File uploaded',
  fileNone: 'No file uploaded',
  fileUpload: 'Upload a file',
  fileFailed: 'Failed to upload the file',
  fileTooLarge: 'The file is larger than {{max}}',
  hierarchyHint: 'Code of the reference value',
  hierarchyChoose: 'Choose a value of the last level',
  hierarchyLoadError: 'Failed to load the reference',
  noSuggestions: 'No suggestions',
  group: {
    loadError: 'Failed to load the attribute group',
    empty: 'This group has no attributes',
    save: 'Save',
    saved: 'Data saved',
    partlySaved: 'The valid fields were saved; correct the marked ones',
  },
};
