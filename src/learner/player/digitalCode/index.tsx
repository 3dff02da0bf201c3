/** The student's digital attendance code page (spec 3 §7.4, valid 3 minutes). Owner: the attendance area. */
export function DigitalCodePage({ exerciseId }: { courseId: string; exerciseId: string }) {
  return <div data-testid="digital-code">{exerciseId}</div>;
}
