/** Result and error pages (spec 1 §2.11, spec 3 §8.10) for any screen to render. */
export { ErrorPage, LinkAction, ButtonAction, type ErrorPageProps } from './ErrorPage';
export { NotFoundPage } from './NotFoundPage';
export { ForbiddenPage, type ForbiddenVariant } from './ForbiddenPage';
export { ServerErrorPage } from './ServerErrorPage';
export { ChunkLoadErrorPage } from './ChunkLoadErrorPage';
export { BoundaryErrorPage } from './BoundaryErrorPage';
export { PageErrorBoundary } from './PageErrorBoundary';
export { HttpErrorPage } from './HttpErrorPage';
export { isChunkLoadError } from './isChunkLoadError';
export { CourseForbiddenPage, CourseNotFoundPage, ProgramNotFoundPage, CourseFolderNotFoundPage } from './CourseErrorPages';
export { KeyedErrorPage, errorPageKeys, type ErrorPageKey } from './KeyedErrorPage';
export { InvitationInvalidPage, SessionNotCompletedPage, AlreadyInCoursePage, NoSsoConnectionPage } from './SpecialErrorPages';
