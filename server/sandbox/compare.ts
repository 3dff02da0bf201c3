/**
 * How a program's stdout is compared with the expected output: line endings unified,
 * trailing spaces of each line and blank lines at either end ignored ("trimmed").
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

export function outputsMatch(stdout: string, expected: string): boolean {
  return normalizeOutput(stdout) === normalizeOutput(expected);
}
