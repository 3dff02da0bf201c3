import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's groups (`resources.groups.*`). */
const ru = {
  groups: {
    name: 'Группы',
    notifications: {
      created: 'Группа «{{label}}» создана',
      updated: 'Группа «{{label}}» сохранена',
      deleted: 'Группа «{{label}}» удалена',
    },
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
    notifications: {
      created: 'Group “{{label}}” created',
      updated: 'Group “{{label}}” saved',
      deleted: 'Group “{{label}}” deleted',
    },
    empty: 'No groups yet',
    create: 'New group',
    edit: 'Edit the group',
    fields: { label: 'Name', lead: 'Lead instructor', leadName: 'Lead instructor', studentsCount: 'Students' },
    include: 'Add students to the group',
  },
};

export const groupMessages = { ru, en };
