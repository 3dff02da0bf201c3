/** Russian texts of the SCORM player (`app.scorm.*`). */
export const scorm = {
  frameTitle: 'SCORM-урок: {{title}}',
  statusLabel: 'Статус урока:',
  status: {
    notAttempted: 'не начат',
    incomplete: 'не завершён',
    completed: 'завершён',
    passed: 'пройден',
    failed: 'не пройден',
    browsed: 'просмотрен',
    unknown: 'неизвестен',
  },
  score: 'Балл: {{score}} из {{max}}',
  review: 'Попытка завершена: урок открыт для просмотра, изменения не сохраняются.',
  backToCourse: 'Вернуться к курсу',
  fullscreen: 'На весь экран',
  exitFullscreen: 'Выйти из полноэкранного режима',
  error: {
    load: 'Не удалось загрузить урок',
    notFound: 'SCORM-пакет упражнения не найден',
    sessionNotFound: 'Активная сессия не найдена',
    timeExpired: 'Время, отведённое на ответ, истекло',
    save: 'Не удалось сохранить результат урока',
    launcher: 'Урок не запустился: обновите страницу. Если не поможет, сообщите администратору (адрес для SCORM-пакетов, CONTENT_ORIGIN, недоступен).',
  },
};
