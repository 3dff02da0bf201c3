/**
 * A failed dynamic import: the browser holds an old build whose chunks are gone after a
 * deployment (webpack names it ChunkLoadError; Vite and browsers use these messages).
 */
const CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'Loading chunk',
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_MESSAGES.some((m) => error.message.includes(m));
}
