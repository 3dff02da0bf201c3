import { programCalls } from '../calls/programs';
import { programInput, programRecord } from '../programs';
import { defineResource } from './define';
import { fromListAnswer } from './paging';

/**
 * Programs (spec 1 §2.8; spec 3 §7.6): the list with search and the ready filter, create, the
 * program's page (its lessons and exercises) and edit, on the spec's calls. The lessons and
 * exercises inside are custom screens on the calls of shared/calls/programs.ts.
 */
export const programResource = defineResource({
  name: 'programs',
  schema: { record: programRecord, create: programInput },
  rule: 'programs',
  api: {
    conventions: 'calls',
    operations: {
      getList: { call: programCalls.list, response: fromListAnswer },
      getOne: { call: programCalls.view },
      create: { call: programCalls.create },
      update: { call: programCalls.edit },
      delete: { call: programCalls.drop },
    },
  },
  ui: {
    recordRepresentation: 'label',
    fields: {
      label: { kind: 'text' },
      description: { kind: 'longText' },
      isReady: { kind: 'boolean' },
      lessonsCount: { kind: 'number', readOnly: true },
      exercisesCount: { kind: 'number', readOnly: true },
      updatedAt: { kind: 'dateTime', readOnly: true },
    },
    list: {
      columns: [{ source: 'label' }, { source: 'lessonsCount' }, { source: 'exercisesCount' }, { source: 'isReady' }, { source: 'updatedAt' }],
      filters: [
        { source: 'search', op: 'search', fields: ['label'], alwaysOn: true, label: 'resources.programs.filters.search' },
        {
          source: 'ready',
          op: 'eq',
          field: 'isReady',
          alwaysOn: true,
          label: 'resources.programs.filters.ready',
          choices: [
            { id: 'true', name: 'resources.programs.filters.readyOnly' },
            { id: 'false', name: 'resources.programs.filters.draftOnly' },
          ],
        },
      ],
      perPage: 20,
    },
    inputs: ['label', 'description', 'isReady'],
  },
});
