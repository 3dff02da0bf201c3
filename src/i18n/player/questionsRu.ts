import { playerQuestions } from '../ru/playerQuestions';

/** Texts of the player's question forms: they load with a question slide's form (src/learner/player/questions). */
export const playerQuestionsRu = { app: { playerQuestions } };
