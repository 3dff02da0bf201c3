/** Russian texts of the slide viewers (`app.playerViewers.*`). */
export const playerViewers = {
  /** spec 3 §8.12 */
  unknownType: 'Непредусмотренный тип слайда!',
  noFile: 'Файл ещё не загружен',
  download: 'Скачать',
  mediaError: 'Не удалось воспроизвести файл',
  video: {
    /** spec 3 §8.11 */
    connectionLost: 'Ошибка соединения. Воспроизведение недоступно. Попытка переподключения...',
    connectionRestored: 'Соединение восстановлено',
  },
  pdf: {
    loadError: 'Не удалось открыть PDF',
    page: 'Страница {{page}} из {{pages}}',
    previous: 'Предыдущая страница',
    next: 'Следующая страница',
    zoomIn: 'Увеличить',
    zoomOut: 'Уменьшить',
  },
  presentation: {
    offline: 'Презентация не показывается в браузере: скачайте её, чтобы открыть.',
    noDownload: 'Скачивание этой презентации не разрешено.',
  },
  web: {
    openInNewTab: 'Открыть в новой вкладке',
    noAddress: 'Адрес страницы не задан',
  },
};
