import { Box, Button, Paper, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../../app';
import { useParams } from 'react-router-dom';
import { attributeCalls, type AttributeGroupForm } from '../../../../shared/calls/attributes';
import { AttributeFields, useAttributeForm } from '../../../attributes';
import { callApi } from '../../../http/client';
import { fieldErrors, serverText } from '../../../http/errors';
import { callKey, useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { READ_ONCE } from '../../learnerReads';

const k = (key: string) => `app.attributes.group.${key}`;

/**
 * /profile/{attributeGroupId} (spec 1 §2.3): one group of profile attributes, rendered and checked
 * by the shared attribute renderer and validator (chains included). Save sends every field: the
 * server saves the valid ones even when others are refused (spec 2 §6), and the refused ones show
 * their reasons.
 */
export default function AttributeGroupPage() {
  const translate = useTranslate();
  const { attributeGroupId = '' } = useParams();
  const args = { params: { id: attributeGroupId } };
  const { data, isPending, error, refetch } = useCall(attributeCalls.group, args, { ...READ_ONCE, staleTime: 0 });
  return (
    <Box sx={{ maxWidth: 720 }} data-testid="attribute-group-page">
      <PageFrame title={data?.label ?? ''} back="/profile" plain>
        <PageState
          isPending={isPending}
          error={error}
          errorTitle={translate(k('loadError'))}
          refetch={refetch}
          isEmpty={data?.attributes.length === 0}
          emptyText={translate(k('empty'))}
        >
          {data && <GroupForm key={data.id} group={data} />}
        </PageState>
      </PageFrame>
    </Box>
  );
}

function GroupForm({ group }: { group: AttributeGroupForm }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useAttributeForm(group.attributes);
  const [showAll, setShowAll] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setShowAll(true);
    const fields = form.answers();
    if (!fields.length) return;
    setSaving(true);
    try {
      await callApi(attributeCalls.saveFields, { body: { fields } });
      notify(translate(k('saved')), { type: 'success' });
      setShowAll(false);
    } catch (e) {
      const errors = fieldErrors(e);
      if (Object.keys(errors).length) {
        form.setServerErrors(errors);
        notify(translate(k('partlySaved')), { type: 'warning' });
      } else notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    } finally {
      setSaving(false);
      // the profile's other readers (unfilled attributes of courses) see the saved answers
      void queryClient.invalidateQueries({ queryKey: callKey(attributeCalls.group) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AttributeFields form={form} showAll={showAll} />
        <Box>
          <Button type="submit" variant="contained" disabled={saving} data-testid="save">
            {translate(k('save'))}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
