export { crudRoutes, type CrudOptions } from './crud.js';
export { parseIntId, sanitizeInput, toRecord } from './records.js';
