/** Plays a SCORM exercise (the whole exercise is one package). Owner: the SCORM area. */
export { ScormPlayer } from './ScormPlayer';
