/** The certificate verification page and the student's Open Badges (issue 30): `app.credentials.*`, loaded with those pages. */
export const credentials = {
  verify: {
    title: 'Проверка сертификата',
    genuine: 'Сертификат подлинный: он выдан на этой платформе и не отозван.',
    revoked: 'Сертификат выдан на этой платформе, но отозван {{date}}: он недействителен.',
    notFound: 'Сертификат с таким кодом не найден: проверьте ссылку. Подлинность такого документа не подтверждена.',
    student: 'Слушатель',
    course: 'Курс',
    certificate: 'Документ',
    date: 'Дата выдачи',
    hours: 'Объём, академических часов',
  },
  badges: {
    title: 'Значки Open Badges',
    about: 'Каждое достижение и завершённый курс — значок Open Badges 2.0. Чтобы добавить его в рюкзак значков (Badgr, Open Badge Passport и другие), скопируйте ссылку и импортируйте значок по ней.',
    add: 'Добавить в рюкзак',
    addNamed: 'Добавить в рюкзак значок «{{name}}» (копирует ссылку)',
    download: 'Скачать',
    downloadNamed: 'Скачать значок «{{name}}»',
    verify: 'Проверить',
    verifyNamed: 'Проверить значок «{{name}}»',
    revoked: 'Отозван',
    copied: 'Ссылка на значок скопирована: вставьте её в рюкзак',
    copyFailed: 'Не удалось скопировать ссылку',
  },
};
