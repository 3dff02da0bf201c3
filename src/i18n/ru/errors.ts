/** Result and error pages of spec 1 §2.11 and spec 3 §8.10. */
export const errors = {
  toCourses: 'Перейти к списку курсов',
  toPrograms: 'Перейти к списку программ',
  toMyCourses: 'Перейти в мои курсы',
  notFound: {
    title: 'Страница не найдена',
    text: 'Адрес набран с ошибкой или страница была удалена.',
  },
  forbidden: {
    title: 'Нет доступа',
    student: 'У вас нет доступа к этой странице',
    instructor: 'У вас нет доступа к этой странице. Если доступ нужен для работы, обратитесь к администратору платформы.',
  },
  server: {
    title: 'Ошибка сервера',
    text: 'На сервере произошла ошибка. Попробуйте обновить страницу немного позже.',
  },
  chunk: {
    title: 'Платформа обновилась',
    text: 'Вышла новая версия платформы. Обновите страницу, чтобы продолжить работу.',
  },
  boundary: {
    title: 'Произошла ошибка',
    text: 'Не удалось показать страницу. Попробуйте ещё раз или вернитесь на главную.',
  },
  courseForbidden: { title: 'У вас нет доступа к этой странице' },
  courseNotFound: { title: 'Курс не найден' },
  programNotFound: { title: 'Программа не найдена' },
  courseFolderNotFound: { title: 'Курс не найден' },
  slideUnauthorized: { title: 'Аккаунт текущего пользователя не найден' },
  slideNotFound: { title: 'Курс, упражнение или попытка не найдены' },
  noData: { title: 'Нет данных' },
  inDevelopment: { title: 'В разработке', text: 'Этот раздел скоро появится.' },
  invitationInvalid: { title: 'Приглашение недействительно', text: 'Приглашение было действительно до {{date}}' },
  invitationNotFound: { title: 'Приглашение не найдено' },
  invitationUnavailable: { title: 'Приглашение недоступно' },
  courseUnavailable: { title: 'Курс недоступен' },
  lessonOrCourseUnavailable: { title: 'Урок или курс недоступен' },
  courseOrExerciseNotFound: { title: 'Курс или упражнение не найдены' },
  sessionNotCompleted: {
    title: 'Попытка не завершена',
    text: 'Не даны ответы на обязательные вопросы.',
    action: 'Вернуться к началу упражнения',
  },
  alreadyInCourse: { title: 'Вы уже записаны на этот курс' },
  noSsoConnection: {
    title: 'Нет связи с профилем единой системы входа',
    action: 'Перейти в профиль',
  },
  exerciseNoAccess: { title: 'Нет доступа к упражнению', text: 'Упражнение сейчас закрыто. Когда оно откроется, смотрите на странице курса.' },
  certificateUnavailable: { title: 'Сертификат недоступен' },
};
