import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { newsCalls, type NewsItem } from '../../../shared/calls/news';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageState } from '../../ui/PageState';
import { SafeHtml } from '../../ui/richText/SafeHtml';
import { READ_ONCE } from '../learnerReads';
import { NewsListItems } from './NewsListItems';

/** spec: the detail drawer is 335 to 1000 px wide (full width on narrower screens). */
const drawerWidth = { xs: '100vw', sm: 'clamp(335px, 60vw, 1000px)' };

/**
 * The detail drawer: GET /api/students/NewsFeed/{id}, sanitised content, and the latest
 * items (spec 2 §9: the drawer shows 2 latest) to move on to.
 */
export function NewsDrawer({ id, latest, onOpen, onClose }: { id: number | null; latest: NewsItem[]; onOpen: (id: number) => void; onClose: () => void }) {
  const translate = useTranslate();
  const { momentDay } = useDates();
  const { data, isPending, error, refetch } = useCall(newsCalls.studentGet, id != null ? { params: { id } } : null, READ_ONCE);
  const others = latest.filter((n) => n.id !== id).slice(0, 2);

  return (
    <Drawer anchor="right" open={id != null} onClose={onClose} slotProps={{ paper: { sx: { width: drawerWidth, maxWidth: '100vw' } } }}>
      <Box role="dialog" aria-labelledby="news-detail-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="news-drawer">
        <Stack direction="row" alignItems="flex-start" spacing={1}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {id != null && isPending && (
              <>
                <Skeleton variant="text" width="30%" />
                <Skeleton variant="text" height={40} />
              </>
            )}
            {data && (
              <>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={data.created}>
                  {momentDay(data.created)}
                </Typography>
                <Typography id="news-detail-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {data.title}
                </Typography>
              </>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={translate('newsFeed.close')}>
            <CloseIcon />
          </IconButton>
        </Stack>

        {id != null && (
          <PageState
            isPending={isPending}
            loading={<Skeleton variant="rectangular" height={240} sx={{ mt: 2 }} aria-label={translate('newsFeed.loading')} />}
            error={error}
            errorTitle={translate('newsFeed.detailError')}
            refetch={refetch}
          >
            {data && <SafeHtml html={data.contentValue} sx={{ mt: 2 }} data-testid="news-content" />}
          </PageState>
        )}

        {data && others.length > 0 && (
          <Box sx={{ mt: 4 }}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {translate('newsFeed.latest')}
            </Typography>
            <NewsListItems items={others} onOpen={onOpen} />
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
