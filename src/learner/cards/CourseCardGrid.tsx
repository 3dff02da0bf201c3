import { Box } from '@mui/material';
import { Placeholder } from '../../ui/Placeholder';
import type { CourseCard as CourseCardData, CourseListItem } from '../../../shared/learning';
import { CourseCard } from './CourseCard';

type CardCourse = CourseCardData & Partial<CourseListItem>;
type Cell = Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>;

/** Cells of the card grids: one column on a phone, two on a tablet, three on a laptop. */
export const CARD_CELL: Cell = { xs: 12, sm: 6, md: 4 };

/**
 * The grid's columns from a cell's width in twelfths per breakpoint, as CSS grid: MUI's Grid
 * worked its responsive props out for every cell on every render (a phone's CPU, a list of cards).
 */
function columns(cell: Cell): Partial<Record<keyof Cell, string>> {
  return Object.fromEntries(Object.entries(cell).map(([bp, span]) => [bp, `repeat(${Math.round(12 / span)}, minmax(0, 1fr))`]));
}

/** Course cards in a grid; each leads to `to(course)`, with a favourite star when `onToggleFavorite` is given for it. */
export function CourseCardGrid<T extends CardCourse>({
  courses,
  to,
  onToggleFavorite,
  loadingMore = 0,
  cell = CARD_CELL,
}: {
  courses: T[];
  to: (course: T) => string;
  onToggleFavorite?: (course: T) => (() => void) | undefined;
  /** skeleton cards after the cards, while more are loading */
  loadingMore?: number;
  /** the grid cell of a card (narrower columns want fewer cards a row) */
  cell?: Cell;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns(cell) }}>
      {courses.map((c) => (
        <CourseCard key={`${c.type ?? 1}-${c.id}`} course={c} to={to(c)} onToggleFavorite={onToggleFavorite?.(c)} />
      ))}
      {loadingMore > 0 && <CardSkeletonCells count={loadingMore} />}
    </Box>
  );
}

function CardSkeletonCells({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => <Placeholder key={`skeleton-${i}`} height={200} />);
}

/** Skeleton cards shaped like a card grid, while it loads (PageState's `loading`). */
export function CardSkeletons({ count = 3, testId, label, cell = CARD_CELL }: { count?: number; testId?: string; label?: string; cell?: Cell }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns(cell) }} data-testid={testId} aria-busy="true" aria-label={label}>
      <CardSkeletonCells count={count} />
    </Box>
  );
}
