import type { CatalogueOf } from '../catalogue';
import type { playerQuestions as ru } from '../ru/playerQuestions';

export const playerQuestions: CatalogueOf<typeof ru> = {
  title: 'playerQuestions',
};
