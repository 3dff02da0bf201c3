import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { NewsItem } from '../../../shared/calls/news';
import { richTextExcerpt } from '../../ui/richText/purify';
import { useDates } from '../../ui/dates';

/** One of the latest news items, as a card on top of the page. */
export function NewsCard({ item, onOpen }: { item: NewsItem; onOpen: (id: number) => void }) {
  const { momentDay } = useDates();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="news-card">
      <CardActionArea onClick={() => onOpen(item.id)} sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}>
        <CardContent sx={{ width: '100%' }}>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={item.created}>
            {momentDay(item.created)}
          </Typography>
          <Typography variant="h6" component="h3" sx={{ mt: 0.5, mb: 1, overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {richTextExcerpt(item.contentValue, 240)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
