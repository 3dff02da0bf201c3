import { registerMessages } from '../../i18n/messages.js';

/** Column headers of the CRM export (the course's students as CRM contacts). */
const ru = {
  'crm.col.accountId': 'ID аккаунта',
  'crm.col.lastName': 'Фамилия',
  'crm.col.firstName': 'Имя',
  'crm.col.middleName': 'Отчество',
  'crm.col.email': 'E-mail',
  'crm.col.phone': 'Телефон',
  'crm.col.group': 'Группа',
  'crm.col.status': 'Статус',
  'crm.col.joinedAt': 'Дата зачисления',
  'crm.col.progress': 'Прогресс, %',
  'crm.col.completed': 'Курс завершён',
};
const en: typeof ru = {
  'crm.col.accountId': 'Account ID',
  'crm.col.lastName': 'Last name',
  'crm.col.firstName': 'First name',
  'crm.col.middleName': 'Middle name',
  'crm.col.email': 'E-mail',
  'crm.col.phone': 'Phone',
  'crm.col.group': 'Group',
  'crm.col.status': 'Status',
  'crm.col.joinedAt': 'Joined',
  'crm.col.progress': 'Progress, %',
  'crm.col.completed': 'Course completed',
};
registerMessages({ ru, en });
