import { Button, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { programCalls } from '../../../../shared/calls/programs';
import { splitEmailList } from '../../../../shared/programs';
import { callApi } from '../../../http/client';
import { fieldErrors } from '../../../http/errors';
import { useCall } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { useToasts } from '../../../ui/useToasts';
import { ConfirmButton } from '../common/ConfirmButton';
import { ProgramState } from '../common/ProgramState';
import { programUrl, useIds } from '../common/useIds';

/** /programs/{programId}/authors: who may edit the program; include by e-mails, exclude. */
export function ProgramAuthors() {
  const translate = useTranslate();
  const toasts = useToasts();
  const { programId } = useIds();
  const { data, isPending, error, refetch } = useCall(programCalls.authors, { params: { id: programId } });
  const [emails, setEmails] = useState('');
  const [fieldError, setFieldError] = useState('');
  const saved = async () => {
    toasts.done('resources.programs.messages.authorsSaved');
    await refetch();
  };

  const include = async () => {
    // spec 2 §6: split by comma or space, each like x@y.z
    if (!splitEmailList(emails)) return setFieldError(translate('resources.programs.validation.emailList'));
    setFieldError('');
    try {
      await callApi(programCalls.includeAuthors, { params: { id: programId }, body: { emails } });
      setEmails('');
      await saved();
    } catch (e) {
      const field = fieldErrors(e).emails;
      if (field) setFieldError(field);
      else toasts.failed(e);
    }
  };
  const exclude = async (accountId: number) => {
    try {
      await callApi(programCalls.excludeAuthor, { params: { id: programId, accountId } });
      await saved();
    } catch (e) {
      toasts.failed(e);
    }
  };
  return (
    <PageFrame title={translate('resources.programs.titles.authors')} back={programUrl(programId)}>
      <ProgramState isPending={isPending} error={error} refetch={refetch} isEmpty={(data ?? []).length === 0} emptyText={translate('resources.programs.messages.noAuthors')}>
        <List data-testid="authors">
          {(data ?? []).map((a) => (
            <ListItem
              key={a.accountId}
              divider
              secondaryAction={
                <ConfirmButton
                  size="small"
                  color="error"
                  disabled={(data ?? []).length < 2}
                  title={translate('resources.programs.confirm.excludeAuthorTitle')}
                  content={translate('resources.programs.confirm.excludeAuthor', { name: `${a.lastName} ${a.firstName}`.trim() || a.email })}
                  onConfirm={() => exclude(a.accountId)}
                >
                  {translate('resources.programs.actions.exclude')}
                </ConfirmButton>
              }
            >
              <ListItemText primary={`${a.lastName} ${a.firstName}`.trim() || a.email} secondary={a.email} />
            </ListItem>
          ))}
        </List>
      </ProgramState>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems="flex-start">
        <TextField
          fullWidth
          label={translate('resources.programs.fields.emails')}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          error={!!fieldError}
          helperText={fieldError || translate('resources.programs.hints.emails')}
          inputProps={{ 'data-testid': 'author-emails' }}
        />
        <Button variant="contained" onClick={include} disabled={!emails.trim()}>
          {translate('resources.programs.actions.include')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
