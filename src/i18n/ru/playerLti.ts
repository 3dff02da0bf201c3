/** The player's external tool (LTI 1.3) launch: `app.playerLti.*`. */
export const playerLti = {
  frame: 'Внешний инструмент: {{title}}',
  open: 'Открыть инструмент',
  openWindow: 'Открыть в новом окне',
  hint: 'Оценка из инструмента появится в результатах упражнения сама.',
  error: 'Не удалось открыть внешний инструмент',
};
