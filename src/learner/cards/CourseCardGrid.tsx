import { Grid, Skeleton } from '@mui/material';
import type { CourseCard as CourseCardData, CourseListItem } from '../../../shared/learning';
import { CourseCard } from './CourseCard';

type CardCourse = CourseCardData & Partial<CourseListItem>;
type Cell = Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>;

/** Cells of the card grids: one column on a phone, two on a tablet, three on a laptop. */
export const CARD_CELL: Cell = { xs: 12, sm: 6, md: 4 };

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
    <Grid container spacing={2}>
      {courses.map((c) => (
        <Grid key={`${c.type ?? 1}-${c.id}`} size={cell}>
          <CourseCard course={c} to={to(c)} onToggleFavorite={onToggleFavorite?.(c)} />
        </Grid>
      ))}
      {loadingMore > 0 && <CardSkeletonCells count={loadingMore} cell={cell} />}
    </Grid>
  );
}

function CardSkeletonCells({ count, cell = CARD_CELL }: { count: number; cell?: Cell }) {
  return Array.from({ length: count }, (_, i) => (
    <Grid key={`skeleton-${i}`} size={cell}>
      <Skeleton variant="rounded" height={200} />
    </Grid>
  ));
}

/** Skeleton cards shaped like a card grid, while it loads (PageState's `loading`). */
export function CardSkeletons({ count = 3, testId, label, cell }: { count?: number; testId?: string; label?: string; cell?: Cell }) {
  return (
    <Grid container spacing={2} data-testid={testId} aria-busy="true" aria-label={label}>
      <CardSkeletonCells count={count} cell={cell} />
    </Grid>
  );
}
