import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the CRM export's queue: `resources.crmExport.*`. */
export const crmExportRu = {
  title: 'Выгрузка в CRM',
  target: 'Формат выгрузки',
  targets: { xlsx: 'Файл Excel (xlsx)', csv: 'Файл CSV' },
  start: 'Выгрузить студентов',
  queued: 'Выгрузка поставлена в очередь',
};

export const crmExportEn: CatalogueOf<typeof crmExportRu> = {
  title: 'Export to the CRM',
  target: 'Export format',
  targets: { xlsx: 'Excel file (xlsx)', csv: 'CSV file' },
  start: 'Export the students',
  queued: 'The export is queued',
};
