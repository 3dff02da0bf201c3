import { playerLti } from '../ru/playerLti';

/** Texts of an external tool's (LTI) launch on the player's hello page: they load with it (src/learner/player/HelloStep.tsx). */
export const ltiRu = { app: { playerLti } };
