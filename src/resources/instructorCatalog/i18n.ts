import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the instructors' catalogue: `resources.instructor-catalog.*` (the screen is the declared list). */
export const instructorCatalogRu = {
  name: 'Каталог преподавателей',
  empty: 'Преподаватели не найдены',
  loadError: 'Не удалось загрузить каталог преподавателей',
  fields: {
    fullName: 'ФИО',
    email: 'E-mail',
    phone: 'Телефон',
    courses: 'Курсы',
    courseCount: 'Число курсов',
    search: 'ФИО, e-mail или курс',
  },
};

export const instructorCatalogEn: CatalogueOf<typeof instructorCatalogRu> = {
  name: 'Instructor catalogue',
  empty: 'No instructors found',
  loadError: 'The instructor catalogue could not be loaded',
  fields: {
    fullName: 'Full name',
    email: 'E-mail',
    phone: 'Phone',
    courses: 'Courses',
    courseCount: 'Number of courses',
    search: 'Name, e-mail or course',
  },
};
