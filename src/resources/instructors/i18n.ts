import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's staff (`resources.course-instructors.*`). */
const ru = {
  'course-instructors': {
    name: 'Преподаватели',
    title: 'Преподаватели курса',
    empty: 'Преподавателей пока нет',
    edit: 'Роль в курсе и доступ',
    fields: { name: 'ФИО', email: 'Почта', courseRole: 'Роль в курсе', panelPermissions: 'Доступ к разделам панели' },
    roles: { instructor: 'Преподаватель', tutor: 'Тьютор', moderator: 'Модератор' },
    permission: {
      studentManagement: 'Управление студентами',
      studentJournal: 'Журнал студентов',
      attendanceJournal: 'Журнал посещаемости',
      instructorManagement: 'Управление преподавателями',
      syllabus: 'Учебный план',
      invitationLink: 'Ссылка-приглашение',
    },
    include: 'Добавить преподавателей',
    exclude: 'Исключить преподавателей',
    export: 'Выгрузить в Excel',
    tutorStudents: 'Студенты тьютора',
    bulk: 'Прикрепить студентов по списку',
  },
};

const en: CatalogueOf<typeof ru> = {
  'course-instructors': {
    name: 'Instructors',
    title: 'Instructors of the course',
    empty: 'No instructors yet',
    edit: 'Course role and access',
    fields: { name: 'Name', email: 'E-mail', courseRole: 'Course role', panelPermissions: 'Panel sections' },
    roles: { instructor: 'Instructor', tutor: 'Tutor', moderator: 'Moderator' },
    permission: {
      studentManagement: 'Student management',
      studentJournal: 'Student journal',
      attendanceJournal: 'Attendance journal',
      instructorManagement: 'Instructor management',
      syllabus: 'Syllabus',
      invitationLink: 'Invitation link',
    },
    include: 'Add instructors',
    exclude: 'Remove instructors',
    export: 'Export to Excel',
    tutorStudents: 'Tutor’s students',
    bulk: 'Attach students by list',
  },
};

export const instructorMessages = { ru, en };
