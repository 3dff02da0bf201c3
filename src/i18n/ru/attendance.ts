/** Russian texts of the attendance area (`app.attendance.*`). */
export const attendance = {
  title: 'Цифровой код посещения',
  hint: 'Получите код и покажите его преподавателю: код действует 3 минуты.',
  getCode: 'Получить код',
  getAgain: 'Получить код снова',
  codeLabel: 'Код посещения',
  validFor: 'Код действует ещё {{time}}',
  showToInstructor: 'Покажите код преподавателю',
  expired: 'Срок действия кода истёк',
  loading: 'Получаем код…',
  getCodeError: 'Ошибка получения кода',
};
