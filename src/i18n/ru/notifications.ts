/** The notifications page and badge (spec 1 §2.3, spec 2 §4 types 0–5). */
export const notifications = {
  title: 'Уведомления',
  empty: 'У вас пока нет уведомлений',
  loadError: 'Не удалось загрузить уведомления',
  all: 'Все',
  read: 'Прочитано',
  showMore: 'Показать ещё',
  badge: 'Непрочитанные уведомления: {{count}}',
  certificate: 'Сертификат',
  certificateError: 'Не удалось открыть сертификат',
  close: 'Закрыть',
  type: {
    0: 'Прочие',
    1: 'Сертификаты',
    2: 'Зачисление на курс',
    3: 'Проверка упражнений',
    4: 'Отчисление с курса',
    5: 'Видеохостинг',
  },
};
