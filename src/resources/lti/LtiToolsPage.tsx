import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ltiCalls, type LtiTool, type LtiToolInput } from '../../../shared/calls/lti';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { FormActions } from '../../ui/FormActions';
import { useSubmit } from '../../ui/useSubmit';
import { useToasts } from '../../ui/useToasts';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { ConfirmButton } from '../programs/common/ConfirmButton';

const k = (key: string) => `resources.lti.${key}`;

type FormValues = Omit<LtiToolInput, 'redirectUris'> & { redirectUris: string };

const blank: FormValues = { name: '', clientId: '', deploymentId: '1', loginUrl: '', targetLinkUri: '', redirectUris: '', jwksUrl: '', publicKey: '', presentation: 'iframe' };
const valuesOf = (t: LtiTool): FormValues => ({ ...t, redirectUris: t.redirectUris.join('\n'), jwksUrl: t.jwksUrl ?? '', publicKey: t.publicKey ?? '' });
const bodyOf = (v: FormValues): LtiToolInput => ({
  ...v,
  redirectUris: v.redirectUris.split(/\s+/).filter(Boolean),
  jwksUrl: v.jwksUrl || null,
  publicKey: v.publicKey || null,
});

/** ELP's own values a tool's administrator enters (issuer, keyset, auth, token, deep linking return). */
function PlatformValues() {
  const translate = useTranslate();
  const { data } = useCall(ltiCalls.platform, {});
  if (!data) return null;
  const rows = [
    ['issuer', data.issuer],
    ['jwksUrl', data.jwksUrl],
    ['authUrl', data.authUrl],
    ['tokenUrl', data.tokenUrl],
    ['deepLinkReturnUrl', data.deepLinkReturnUrl],
  ] as const;
  return (
    <Box component="section" aria-labelledby="lti-platform" sx={{ mb: 3 }}>
      <Typography id="lti-platform" component="h2" variant="h6" sx={{ mb: 1 }}>{translate(k('tools.platform'))}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(12rem, auto) 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">{translate(k(`tools.${key}`))}</Typography>
            <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid={`lti-${key}`}>{value}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** /courses/lti-tools (Root): ELP's platform values and the registered LTI 1.3 tools (register, edit, delete). */
export default function LtiToolsPage() {
  const translate = useTranslate();
  const toasts = useToasts();
  const [editing, setEditing] = useState<LtiTool | null>(null);
  // a new form after each save (a registered tool's values do not stay in the form for the next one)
  const [round, setRound] = useState(0);
  const { data, isPending, error, refetch } = useCall(ltiCalls.tools, {});
  const done = () => {
    setEditing(null);
    setRound((r) => r + 1);
    void refetch();
  };
  const submit = useSubmit(
    (v: FormValues) => (editing ? callApi(ltiCalls.saveTool, { params: { id: editing.id }, body: bodyOf(v) }) : callApi(ltiCalls.createTool, { body: bodyOf(v) })),
    done,
    { successKey: k('tools.saved'), invalidate: [callKey(ltiCalls.tools)] },
  );
  const drop = async (t: LtiTool) => (await toasts.run(() => callApi(ltiCalls.dropTool, { params: { id: t.id } }), k('tools.dropped'))) && done();
  return (
    <PageFrame title={translate(k('tools.title'))} back="/courses">
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(k('tools.about'))}</Typography>
      <PlatformValues />
      <Box component="section" aria-labelledby="lti-list" sx={{ mb: 3 }}>
        <Typography id="lti-list" component="h2" variant="h6" sx={{ mb: 1 }}>{translate(k('tools.list'))}</Typography>
        <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={data?.length === 0} emptyText={translate(k('tools.empty'))}>
          <TableScroll>
            <Table size="small" data-testid="lti-tools">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(k('fields.name'))}</TableCell>
                  <TableCell>Client ID</TableCell>
                  <TableCell>{translate(k('fields.loginUrl'))}</TableCell>
                  <TableCell><Box component="span" sx={visuallyHidden}>{translate(k('tools.actions'))}</Box></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell>{t.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.clientId}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.loginUrl}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button size="small" aria-label={translate(k('tools.editNamed'), { name: t.name })} onClick={() => setEditing(t)}>{translate(k('tools.edit'))}</Button>
                        <ConfirmButton size="small" color="error" aria-label={translate(k('tools.dropNamed'), { name: t.name })} title={translate(k('tools.dropNamed'), { name: t.name })} content={t.clientId} onConfirm={() => drop(t)}>
                          {translate(k('tools.drop'))}
                        </ConfirmButton>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </PageState>
      </Box>
      <Box component="section" aria-labelledby="lti-form">
        <Typography id="lti-form" component="h2" variant="h6" sx={{ mb: 1 }}>{editing ? translate(k('tools.editing'), { name: editing.name }) : translate(k('tools.add'))}</Typography>
        <Form key={`${editing?.id ?? 'new'}-${round}`} defaultValues={editing ? valuesOf(editing) : blank} onSubmit={(v: Record<string, unknown>) => submit(v as unknown as FormValues)}>
          <TextInput source="name" label={k('fields.name')} fullWidth />
          <TextInput source="clientId" label={k('fields.clientId')} fullWidth />
          <TextInput source="deploymentId" label={k('fields.deploymentId')} fullWidth />
          <TextInput source="loginUrl" label={k('fields.loginUrl')} fullWidth type="url" />
          <TextInput source="targetLinkUri" label={k('fields.targetLinkUri')} fullWidth type="url" />
          <TextInput source="redirectUris" label={k('fields.redirectUris')} fullWidth multiline minRows={2} />
          <TextInput source="jwksUrl" label={k('fields.jwksUrl')} fullWidth type="url" />
          <TextInput source="publicKey" label={k('fields.publicKey')} fullWidth multiline minRows={3} />
          <SelectInput source="presentation" label={k('fields.presentation')} choices={[{ id: 'iframe', name: k('presentation.iframe') }, { id: 'window', name: k('presentation.window') }]} />
          <FormActions cancel={() => setEditing(null)} />
        </Form>
      </Box>
    </PageFrame>
  );
}
