import { cloneElement, lazy, Suspense, type ReactElement } from 'react';

// MUI's tooltip brings the popper engine (~12 KB gzip): a hint is no part of the first paint
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * A tooltip that loads after the first paint. Until then the child shows as it is, named by the
 * hint (aria-label) as the tooltip names it, so nothing moves and its accessible name is the same.
 */
export function Hint({ title, children }: { title: string; children: ReactElement<{ 'aria-label'?: string }> }) {
  const named = children.props['aria-label'] ? children : cloneElement(children, { 'aria-label': title });
  return <Suspense fallback={named}><Tooltip title={title}>{children}</Tooltip></Suspense>;
}
