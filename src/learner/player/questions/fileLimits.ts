import type { FileContent } from './content';

/** Lower-case extensions without the dot. */
export const normalisedExtensions = (list: string[]) => list.map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);

/**
 * The file checks of spec 2 §6 before anything is sent (the server repeats them): the
 * extension in the allowed list, the size below the limit in MB (size/1024/1024; a file
 * at or above it is refused) and no more files than allowed. Returns an i18n key with its
 * values, or null when the file may go.
 */
export function fileProblem(file: { name: string; size: number }, limits: FileContent, filesAfter: number): { key: string; vars: Record<string, string | number> } | null {
  const allowed = normalisedExtensions(limits.allowedExtensions);
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (allowed.length && !allowed.includes(ext)) return { key: 'file.type', vars: { allowedExtensions: allowed.join(', ') } };
  if (limits.maxFileSizeMb && file.size / 1024 / 1024 >= limits.maxFileSizeMb) return { key: 'file.size', vars: { name: file.name, maxFileSize: limits.maxFileSizeMb } };
  if (limits.maxFiles && filesAfter > limits.maxFiles) return { key: 'file.tooMany', vars: { max: limits.maxFiles } };
  return null;
}
