import type { CatalogueOf } from '../catalogue';
import { playerQuestions } from '../en/playerQuestions';
import type { playerQuestionsRu } from './questionsRu';

/** The question forms' English texts (./questionsRu.ts is the reference shape). */
export const playerQuestionsEn: CatalogueOf<typeof playerQuestionsRu> = { app: { playerQuestions } };
