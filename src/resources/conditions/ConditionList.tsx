import AddIcon from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ContentCopy from '@mui/icons-material/ContentCopy';
import PlayArrow from '@mui/icons-material/PlayArrow';
import SaveAlt from '@mui/icons-material/SaveAlt';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Datagrid, FunctionField, NumberField, useListContext, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { conditionCalls as calls, type ConditionRecord } from '../../../shared/calls/conditions';
import { courseConditionResource as decl } from '../../../shared/resources/conditions';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { editPath } from '../factory/paths';
import { ApplyTemplate } from './ApplyTemplate';
import { CONDITION_PATHS, CONDITIONS_TEMPLATE_CREATE, conditionsPath } from './paths';

const k = (key: string) => `resources.course-conditions.${key}`;

/** A row's own buttons: move up or down, run now, copy (each named with the condition), delete. */
function RowActions({ courseId, record }: { courseId: string; record: ConditionRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data = [], total = 0, page = 1, perPage = data.length } = useListContext<ConditionRecord>();
  const index = data.findIndex((r) => r.id === record.id);
  const act = (run: () => Promise<string>) => async (e: MouseEvent) => {
    e.stopPropagation();
    try {
      notify(await run(), { type: 'success' });
      refresh();
    } catch (err) {
      notify(serverText(err) ?? translate('app.common.toast.error'), { type: 'error' });
    }
  };
  /** the whole order (every condition, not this page's), with this one moved by `by` */
  const move = (by: -1 | 1) =>
    act(async () => {
      const all = await callApi(calls.description, { params: { courseId } });
      const ids = all.map((r) => r.id);
      const at = ids.indexOf(record.id);
      [ids[at], ids[at + by]] = [ids[at + by], ids[at]];
      await callApi(calls.sequence, { params: { courseId }, body: { predicateIds: ids } });
      return translate(k('moved'));
    });
  const execute = act(async () => {
    const r = await callApi(calls.execute, { params: { courseId, predicateId: record.id } });
    return r.taskId ? translate(k('queued')) : translate(k('executed'), { count: r.fired ?? 0, smart_count: r.fired ?? 0 });
  });
  const copy = act(async () => {
    await callApi(calls.copy, { params: { courseId, predicateId: record.id }, body: {} });
    return translate(k('copied'));
  });
  const label = { label: record.label };
  const first = page === 1 && index === 0;
  const last = index === data.length - 1 && (page - 1) * perPage + data.length >= total;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', ml: -0.5, mt: 0.5 }} onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate(k('actions.up'), label)}>
        <span>
          <IconButton size="small" aria-label={translate(k('actions.up'), label)} disabled={first} onClick={move(-1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate(k('actions.down'), label)}>
        <span>
          <IconButton size="small" aria-label={translate(k('actions.down'), label)} disabled={last} onClick={move(1)}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate(k('actions.execute'), label)}>
        <IconButton size="small" aria-label={translate(k('actions.execute'), label)} onClick={execute} data-testid={`condition-execute-${record.id}`}>
          <PlayArrow fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate(k('actions.copy'), label)}>
        <IconButton size="small" aria-label={translate(k('actions.copy'), label)} onClick={copy}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
      <RowDeleteButton decl={decl} />
    </Stack>
  );
}

/**
 * /courses/{courseId}/conditions: the course's automation conditions in their order (the
 * declared list through the dataProvider), each described in one line, with how many students
 * it fired for; move, run now, copy, delete; add one, apply a template, save them as one.
 */
export default function ConditionList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const from = encodeURIComponent(conditionsPath(courseId));
  const actions = (
    <>
      <Button component={Link} to={CONDITION_PATHS.create.replace(':courseId', encodeURIComponent(courseId))} startIcon={<AddIcon />} size="small">
        {translate(k('actions.create'))}
      </Button>
      <Button component={Link} to={`${CONDITIONS_TEMPLATE_CREATE}?courseId=${encodeURIComponent(courseId)}&from=${from}`} startIcon={<SaveAlt />} size="small">
        {translate(k('actions.saveTemplate'))}
      </Button>
    </>
  );
  return (
    <PageFrame title={translate(k('name'))} back={`/courses/${courseId}`} plain>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(k('hint'))}
      </Typography>
      <ApplyTemplate courseId={courseId} />
      <DeclaredList decl={decl} paths={CONDITION_PATHS} actions={actions} title={k('name')}>
        <Datagrid rowClick={(id) => editPath(decl.name, CONDITION_PATHS, id, { courseId })} bulkActionButtons={false} data-testid="conditions-table">
          <NumberField source="sequence" label={k('fields.sequence')} sortable={false} transform={(v: number) => v + 1} />
          <FunctionField
            source="label"
            label={k('fields.description')}
            sortable={false}
            render={(r: RaRecord) => (
              <Box sx={{ overflowWrap: 'break-word' }}>
                <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography component="span" fontWeight={600}>
                    {r.label}
                  </Typography>
                  <Chip size="small" label={translate(k(`kinds.${r.kind}`))} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {r.description}
                </Typography>
                {/* under the description, not in a column of their own: on a phone they stay in view */}
                <RowActions courseId={courseId} record={r as ConditionRecord} />
              </Box>
            )}
          />
          <NumberField source="fired" label={k('fields.fired')} sortable={false} />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
