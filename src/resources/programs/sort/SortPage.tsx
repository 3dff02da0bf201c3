import { Button, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiGet, apiSend, errorText } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { SortableList, type SortItem } from '../../../ui/SortableList';

/** Drag-and-drop order of lessons or exercises; saved with the "repeated orders" call. */
export function SortPage({ title, path, back, emptyText }: { title: string; path: string; back: string; emptyText: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { data, isPending, error, refetch } = useQuery({ queryKey: ['programs', 'sort', path], queryFn: () => apiGet<SortItem[]>(path) });
  const [items, setItems] = useState<SortItem[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setItems(data ?? []), [data]);
  const changed = data ? items.some((item, i) => item.id !== data[i]?.id) : false;
  const save = async () => {
    setBusy(true);
    try {
      await apiSend('POST', path, { orders: items.map((i) => i.id) });
      await client.invalidateQueries({ queryKey: ['programs'] });
      notify(translate('resources.programs.messages.saved'), { type: 'success' });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ProgramPage title={title} back={back}>
      <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={(data ?? []).length === 0} emptyText={emptyText}>
        <SortableList items={items} onChange={setItems} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={save} disabled={!changed || busy} data-testid="save-order">
            {translate('resources.programs.actions.saveOrder')}
          </Button>
          <Button component={Link} to={back}>{translate('resources.programs.actions.cancel')}</Button>
        </Stack>
      </PageState>
    </ProgramPage>
  );
}
