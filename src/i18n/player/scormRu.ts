import { scorm } from '../ru/scorm';

/** Texts of the SCORM player: they load with it (src/learner/player/HelloStep.tsx). */
export const scormRu = { app: { scorm } };
