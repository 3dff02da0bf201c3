/** Plays a SCORM exercise (the whole exercise is one package). Owner: the SCORM area. */
export function ScormPlayer({ exerciseId }: { courseId: string; exerciseId: string }) {
  return <div data-testid="scorm-player">{exerciseId}</div>;
}
