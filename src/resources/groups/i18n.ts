import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's groups (`resources.groups.*`). */
const ru = {
  groups: {
    name: 'Группы',
    empty: 'Групп пока нет',
    create: 'Новая группа',
    edit: 'Изменить группу',
    fields: { label: 'Название', lead: 'Руководитель', leadName: 'Руководитель', studentsCount: 'Студентов' },
    include: 'Добавить студентов в группу',
  },
};

const en: CatalogueOf<typeof ru> = {
  groups: {
    name: 'Groups',
    empty: 'No groups yet',
    create: 'New group',
    edit: 'Edit the group',
    fields: { label: 'Name', lead: 'Lead instructor', leadName: 'Lead instructor', studentsCount: 'Students' },
    include: 'Add students to the group',
  },
};

export const groupMessages = { ru, en };
