import { Divider, List, ListItemButton, ListItemText } from '@mui/material';
import { Fragment } from 'react';
import type { NewsItem } from '../../../shared/calls/news';
import { useDates } from '../../ui/dates';

/** The news list under the cards: title and date, a click opens the drawer. */
export function NewsListItems({ items, onOpen, selectedId }: { items: NewsItem[]; onOpen: (id: number) => void; selectedId?: number | null }) {
  const { momentDay } = useDates();
  return (
    <List disablePadding data-testid="news-list">
      {items.map((item, i) => (
        <Fragment key={item.id}>
          {i > 0 && <Divider component="li" />}
          <ListItemButton component="li" selected={item.id === selectedId} onClick={() => onOpen(item.id)} sx={{ py: 1.5 }}>
            <ListItemText
              primary={item.title}
              secondary={<time dateTime={item.created}>{momentDay(item.created)}</time>}
              slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </Fragment>
      ))}
    </List>
  );
}
