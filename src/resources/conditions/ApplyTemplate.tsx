import { Alert, Button, List, ListItem, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { conditionCalls as calls } from '../../../shared/calls/conditions';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';

const k = (key: string) => `resources.course-conditions.${key}`;

/**
 * Apply a template of the course's program: its conditions join the course's, after them. The
 * template's conditions are shown first, with what would stop them here (the server refuses the
 * whole template then, saying why).
 */
export function ApplyTemplate({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const templates = useCall(calls.templates, { params: { courseId } });
  const [chosen, setChosen] = useState<number | ''>('');
  const selected = useCall(calls.selectedTemplate, chosen === '' ? null : { params: { templateId: chosen }, query: { trainingId: Number(courseId) } });
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    if (chosen === '') return;
    setBusy(true);
    try {
      const added = await callApi(calls.applyTemplate, { params: { courseId, templateId: chosen } });
      notify(translate(k('applied'), { count: added.length, smart_count: added.length }), { type: 'success' });
      setChosen('');
      refresh();
    } catch (err) {
      notify(serverText(err) ?? translate('app.common.toast.error'), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };
  const list = templates.data ?? [];
  const problems = (selected.data?.conditions ?? []).flatMap((c) => c.problems);
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="apply-template">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label={translate(k('actions.applyTemplate'))}
          value={chosen}
          onChange={(e) => setChosen(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: { sm: 280 } }}
          disabled={!list.length}
          helperText={templates.isSuccess && !list.length ? translate(k('noTemplates')) : undefined}
          slotProps={{ select: { inputProps: { 'data-testid': 'template-select' } } }}
        >
          {list.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.label}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void apply()} disabled={chosen === '' || busy || problems.length > 0} data-testid="template-apply">
          {translate(k('actions.apply'))}
        </Button>
      </Stack>
      {selected.data && (
        <List dense disablePadding aria-label={selected.data.label}>
          {selected.data.conditions.map((c, i) => (
            <ListItem key={i} disableGutters>
              <ListItemText primary={`${c.label} · ${translate(k(`kinds.${c.kind}`))} · ${translate(k(`events.${c.eventType}`))}`} secondary={c.exercises.map((e) => e.label).join(', ') || undefined} />
            </ListItem>
          ))}
        </List>
      )}
      {problems.length > 0 && (
        <Alert severity="warning">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
