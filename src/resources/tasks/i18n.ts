import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the task-queue screens: `resources.tasks.*`. */
export const tasksRu = {
  name: 'Очередь задач',
  fields: {
    id: '№',
    type: 'Задача',
    status: 'Статус',
    progress: 'Выполнено',
    createdAt: 'Создана',
    finishedAt: 'Завершена',
    createdBy: 'Автор',
    course: 'Курс',
    result: 'Результат',
  },
  filters: { status: 'Статус', all: 'Все' },
  actions: {
    stop: 'Остановить',
    stopAll: 'Остановить все активные',
    refresh: 'Обновить',
    download: 'Скачать',
  },
  summary: {
    courses: 'курсов',
    added: 'добавлено',
    removed: 'удалено',
    refused: 'отказано',
    refusedCourse: 'Курс «{{label}}» не изменён: {{reason}}',
  },
  messages: {
    empty: 'Задач нет',
    loadError: 'Не удалось загрузить очередь задач.',
    stopped: 'Задача остановлена',
    stoppedMany_one: 'Остановлена {{count}} задача',
    stoppedMany_few: 'Остановлено {{count}} задачи',
    stoppedMany_many: 'Остановлено {{count}} задач',
    stoppedMany_other: 'Остановлено {{count}} задачи',
    stopFailed: 'Не удалось остановить задачу',
    confirmStopAll: 'Остановить все задачи в очереди и выполняющиеся?',
  },
};

export const tasksEn: CatalogueOf<typeof tasksRu> = {
  name: 'Task queue',
  fields: {
    id: 'No.',
    type: 'Task',
    status: 'Status',
    progress: 'Done',
    createdAt: 'Created',
    finishedAt: 'Finished',
    createdBy: 'Started by',
    course: 'Course',
    result: 'Result',
  },
  filters: { status: 'Status', all: 'All' },
  actions: {
    stop: 'Stop',
    stopAll: 'Stop all active',
    refresh: 'Refresh',
    download: 'Download',
  },
  summary: {
    courses: 'courses',
    added: 'added',
    removed: 'removed',
    refused: 'refused',
    refusedCourse: 'Course “{{label}}” not changed: {{reason}}',
  },
  messages: {
    empty: 'No tasks',
    loadError: 'Could not load the task queue.',
    stopped: 'The task is stopped',
    stoppedMany_one: '{{count}} task stopped',
    stoppedMany_other: '{{count}} tasks stopped',
    stopFailed: 'Could not stop the task',
    confirmStopAll: 'Stop every queued and running task?',
  },
};
