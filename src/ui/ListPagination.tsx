import { TablePagination } from '@mui/material';
import { useTranslate } from '../app';

/** Page sizes of server-paged lists (spec 2 §9: 10 to 100, default 20; ARCHITECTURE §6). */
export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

interface Props {
  count: number;
  /** zero-based */
  page: number;
  take: number;
  onPageChange(page: number): void;
  onTakeChange(take: number): void;
}

/**
 * Page controls of a server-paged list: hidden when everything fits on one page, the size
 * selector only once there are more than 10 records (spec 2 §9). Changing the size goes back to
 * the first page.
 */
export function ListPagination({ count, page, take, onPageChange, onTakeChange }: Props) {
  const translate = useTranslate();
  if (page === 0 && count <= take) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={take}
      rowsPerPageOptions={count > 10 ? PAGE_SIZES : []}
      onPageChange={(_, p) => onPageChange(p)}
      onRowsPerPageChange={(e) => {
        onTakeChange(Number(e.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={translate('app.common.rowsPerPage')}
    />
  );
}
