/** Russian texts of the playerQuestions area (`app.playerQuestions.*`). */
export const playerQuestions = {
  title: 'playerQuestions',
};
