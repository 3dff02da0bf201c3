import { ChunkLoadErrorPage } from './ChunkLoadErrorPage';
import { ForbiddenPage } from './ForbiddenPage';
import { isChunkLoadError } from './isChunkLoadError';
import { NotFoundPage } from './NotFoundPage';
import { ServerErrorPage } from './ServerErrorPage';

/**
 * The page for a failed load of a whole screen: 403 → no access, 404 → not found,
 * anything else → server error. `error` is react-admin's HttpError or anything with `status`.
 */
export function HttpErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <ChunkLoadErrorPage />;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 403) return <ForbiddenPage />;
  if (status === 404) return <NotFoundPage />;
  return <ServerErrorPage />;
}
