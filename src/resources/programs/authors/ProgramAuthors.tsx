import { Button, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { programPaths as P, splitEmailList } from '../../../../shared/programs';
import { apiPath, apiSend, asApiError, errorText, keys, useAuthors } from '../api';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';

/** /programs/{programId}/authors: who may edit the program; include by e-mails, exclude. */
export function ProgramAuthors() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { programId } = useIds();
  const { data, isPending, error, refetch } = useAuthors(programId);
  const [emails, setEmails] = useState('');
  const [fieldError, setFieldError] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: keys.program(programId) });

  const include = async () => {
    // spec 2 §6: split by comma or space, each like x@y.z
    if (!splitEmailList(emails)) return setFieldError(translate('resources.programs.validation.emailList'));
    setFieldError('');
    try {
      await apiSend('POST', apiPath(P.authorsInclude, { id: programId }), { emails });
      setEmails('');
      notify(translate('resources.programs.messages.saved'), { type: 'success' });
      await refresh();
    } catch (e) {
      const err = asApiError(e);
      if (err.body?.errors?.emails) setFieldError(err.body.errors.emails);
      else notify(errorText(e), { type: 'error' });
    }
  };
  const exclude = async (accountId: number) => {
    try {
      await apiSend('POST', apiPath(P.authorsExclude, { id: programId, accountId }));
      notify(translate('resources.programs.messages.saved'), { type: 'success' });
      await refresh();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <ProgramPage title={translate('resources.programs.titles.authors')} back={programUrl(programId)}>
      <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={(data ?? []).length === 0} emptyText={translate('resources.programs.messages.noAuthors')}>
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
      </PageState>
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
    </ProgramPage>
  );
}
