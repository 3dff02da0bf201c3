import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useCanAccess, useTranslate } from 'react-admin';
import { questionCalls } from '../../../shared/calls/questions';
import { reflectionCalls as calls, type ReflectionQuestionInput, type ReflectionQuestionRecord } from '../../../shared/calls/reflection';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SortableList } from '../../ui/SortableList';
import { useToasts } from '../../ui/useToasts';
import { useIds } from '../programs/common/useIds';
import { QuestionDialog } from './QuestionDialog';

/**
 * /programs/{programId}/{lessonId}/{exerciseId}/reflection (not in spec 1: docs/decisions/authoring.md): the
 * exercise's reflection questions — added, edited, ordered by drag and drop and deleted (the
 * delete is the question banks' call, rule 'resources', so it shows only to those it allows).
 */
export default function ReflectionQuestionsPage() {
  const translate = useTranslate();
  const client = useQueryClient();
  const { run } = useToasts();
  const { programId, lessonId, exerciseId } = useIds();
  const [editing, setEditing] = useState<ReflectionQuestionRecord | 'new' | null>(null);
  const [dropping, setDropping] = useState<ReflectionQuestionRecord | null>(null);
  const { canAccess: canDelete } = useCanAccess({ action: 'list', resource: '/resources' });
  const args = { params: { exerciseId } };
  const { data, isPending, error, refetch } = useCall(calls.list, args);
  const [order, setOrder] = useState<ReflectionQuestionRecord[] | null>(null);
  const items = order ?? data ?? [];
  const t = (k: string, o?: object) => translate(`resources.reflection.${k}`, o);
  const reload = () => client.invalidateQueries({ queryKey: callKey(calls.list) });

  const save = async (v: ReflectionQuestionInput) => {
    if (editing === 'new') await callApi(calls.create, { params: { exerciseId }, body: v });
    else if (editing) await callApi(calls.update, { params: { id: editing.id }, body: v });
    await reload();
  };
  const reorder = async (next: ReflectionQuestionRecord[]) => {
    setOrder(next);
    await run(() => callApi(calls.reorder, { params: { exerciseId }, body: { ids: next.map((q) => q.id) } }));
    await reload();
    setOrder(null);
  };
  const drop = async () => {
    if (!dropping) return;
    await run(() => callApi(questionCalls.reflectionDrop, { params: { id: dropping.id } }), 'app.common.toast.deleted');
    setDropping(null);
    await reload();
  };

  return (
    <PageFrame
      title={t('name')}
      back={`/programs/${programId}/${lessonId}/${exerciseId}/edit`}
      actions={
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="reflection-add">
          {t('add')}
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('hint')}
      </Typography>
      <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!items.length} emptyText={t('empty')}>
        <SortableList
          items={items.map((q) => ({ ...q, label: q.text }))}
          onChange={(next) => void reorder(next)}
          renderItem={(q) => (
            <Stack direction="row" alignItems="center" spacing={1} data-testid="reflection-question">
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{q.text}</Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Chip size="small" label={t(`kinds.${q.answerKind}`)} />
                  {q.required && <Chip size="small" color="primary" variant="outlined" label={t('fields.required')} />}
                  {q.answerKind === 'choice' && <Chip size="small" variant="outlined" label={q.options.map((o) => o.text).join(' · ')} />}
                  <Typography variant="caption" color="text.secondary">
                    {t('answers', { n: q.answers })}
                  </Typography>
                </Stack>
              </Stack>
              <Tooltip title={t('actions.edit')}>
                <IconButton aria-label={t('actions.edit')} onClick={() => setEditing(q)}>
                  <Edit />
                </IconButton>
              </Tooltip>
              {canDelete && (
                <Tooltip title={t('actions.delete')}>
                  <IconButton aria-label={t('actions.delete')} onClick={() => setDropping(q)}>
                    <Delete />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          )}
        />
      </PageState>
      {editing && <QuestionDialog key={editing === 'new' ? 'new' : editing.id} open question={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSave={save} />}
      <Confirm isOpen={!!dropping} title={t('actions.delete')} content={t('confirmDelete', { text: dropping?.text ?? '' })} onConfirm={() => void drop()} onClose={() => setDropping(null)} />
    </PageFrame>
  );
}
