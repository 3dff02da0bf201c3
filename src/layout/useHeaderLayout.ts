import { useMediaQuery } from '@mui/material';

/** Spec 1 §2.4: the header changes under 1000, 1240 and 1580 px. */
export const HEADER_BREAKPOINTS = { tablet: 1000, laptop: 1240, full: 1580 } as const;
export type HeaderLayout = 'mobile' | 'tablet' | 'laptop' | 'full';

export function headerLayoutFor(width: number): HeaderLayout {
  if (width >= HEADER_BREAKPOINTS.full) return 'full';
  if (width >= HEADER_BREAKPOINTS.laptop) return 'laptop';
  if (width >= HEADER_BREAKPOINTS.tablet) return 'tablet';
  return 'mobile';
}

export function useHeaderLayout(): HeaderLayout {
  const full = useMediaQuery(`(min-width:${HEADER_BREAKPOINTS.full}px)`, { noSsr: true });
  const laptop = useMediaQuery(`(min-width:${HEADER_BREAKPOINTS.laptop}px)`, { noSsr: true });
  const tablet = useMediaQuery(`(min-width:${HEADER_BREAKPOINTS.tablet}px)`, { noSsr: true });
  return full ? 'full' : laptop ? 'laptop' : tablet ? 'tablet' : 'mobile';
}
