import { Button, Stack } from '@mui/material';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { OrderItem } from '../../../../shared/calls/programs';
import { PageFrame } from '../../../ui/PageFrame';
import { SortableList } from '../../../ui/SortableList';
import { useToasts } from '../../../ui/useToasts';
import { ProgramState } from '../common/ProgramState';
import { programQueries } from '../common/useIds';

/** Drag-and-drop order of lessons or exercises; saved with the "repeated orders" call. */
export function SortPage({
  title,
  items: read,
  save,
  back,
  emptyText,
}: {
  title: string;
  items: UseQueryResult<OrderItem[]>;
  save: (orders: number[]) => Promise<unknown>;
  back: string;
  emptyText: string;
}) {
  const translate = useTranslate();
  const toasts = useToasts();
  const client = useQueryClient();
  const { data, isPending, error, refetch } = read;
  const [items, setItems] = useState<OrderItem[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setItems(data ?? []), [data]);
  const changed = data ? items.some((item, i) => item.id !== data[i]?.id) : false;
  const onSave = async () => {
    setBusy(true);
    if (await toasts.run(() => save(items.map((i) => i.id)), 'resources.programs.messages.orderSaved')) {
      for (const queryKey of programQueries) await client.invalidateQueries({ queryKey });
      await refetch();
    }
    setBusy(false);
  };
  return (
    <PageFrame title={title} back={back}>
      <ProgramState isPending={isPending} error={error} refetch={refetch} isEmpty={(data ?? []).length === 0} emptyText={emptyText}>
        <SortableList items={items} onChange={setItems} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={onSave} disabled={!changed || busy} data-testid="save-order">
            {translate('resources.programs.actions.saveOrder')}
          </Button>
          <Button component={Link} to={back}>{translate('app.common.cancel')}</Button>
        </Stack>
      </ProgramState>
    </PageFrame>
  );
}
