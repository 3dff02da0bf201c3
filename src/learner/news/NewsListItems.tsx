import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { NewsItem } from '../../../shared/calls/news';
import { useDates } from '../../ui/dates';

/** The news list under the cards: title and date, a click opens the drawer. */
export function NewsListItems({ items, onOpen, selectedId }: { items: NewsItem[]; onOpen: (id: number) => void; selectedId?: number | null }) {
  const { momentDay } = useDates();
  return (
    <List disablePadding data-testid="news-list">
      {/* each item holds its button (a button as the list's child is not a list item) */}
      {items.map((item, i) => (
        <ListItem key={item.id} disablePadding divider={i < items.length - 1}>
          <ListItemButton selected={item.id === selectedId} onClick={() => onOpen(item.id)} sx={{ py: 1.5 }}>
            <ListItemText
              primary={item.title}
              secondary={<time dateTime={item.created}>{momentDay(item.created)}</time>}
              slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
