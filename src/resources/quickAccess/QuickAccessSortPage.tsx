import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from '../../app';
import { useQuickAccess } from '../../layout/quickAccess';
import { useAccount } from '../../layout/useAccount';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSaveShortcuts } from './useSaveShortcuts';

const k = (key: string) => `resources.quickAccess.${key}`;

/** Moves the item at `index` by `by` places (within the list). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** /courses/quick-access-toolbar-setting/sort: the order of the toolbar's shortcuts (buttons, so the keyboard can do it). */
export default function QuickAccessSortPage() {
  const translate = useTranslate();
  const { principal } = useAccount();
  const { chosen, isPending, error, refetch, save } = useQuickAccess(principal);
  const stored = chosen.map((e) => e.key).join(',');
  const [order, setOrder] = useState<string[]>([]);
  useEffect(() => setOrder(stored ? stored.split(',') : []), [stored]);
  const { saving, run } = useSaveShortcuts(save);
  return (
    <PageFrame title={translate(k('sortTitle'))} back="/courses/quick-access-toolbar-setting">
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(k('loadError'))} isEmpty={!chosen.length} emptyText={translate(k('nothingChosen'))}>
        <Typography sx={{ mb: 1 }}>{translate(k('sortIntro'))}</Typography>
        <List data-testid="quick-access-order" aria-label={translate(k('shortcuts'))}>
          {order.map((key, i) => {
            const label = translate(`app.menu.${key}`);
            return (
              <ListItem
                key={key}
                data-testid={`quick-access-order-${key}`}
                secondaryAction={
                  <>
                    <IconButton aria-label={translate(k('up'), { label })} disabled={i === 0} onClick={() => setOrder((o) => moved(o, i, -1))}>
                      <ArrowUpward />
                    </IconButton>
                    <IconButton aria-label={translate(k('down'), { label })} disabled={i === order.length - 1} onClick={() => setOrder((o) => moved(o, i, 1))}>
                      <ArrowDownward />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={`${i + 1}. ${label}`} />
              </ListItem>
            );
          })}
        </List>
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button variant="contained" disabled={saving} onClick={() => run(order)} data-testid="quick-access-save-order">
            {translate(k('saveOrder'))}
          </Button>
        </Stack>
      </PageState>
    </PageFrame>
  );
}
