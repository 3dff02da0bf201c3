import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from '../app';
import { Link } from 'react-router-dom';
import { knowledgeBaseCalls } from '../../shared/calls/knowledgeBase';
import { useCall } from '../http/queries';

const k = (key: string) => `app.knowledgeBase.support.${key}`;

/** The support widget's contacts (spec 1 §2.3, spec 2 §9): chat bot, e-mail, phone as configured, and the knowledge base. */
export function SupportContacts() {
  const translate = useTranslate();
  const { data } = useCall(knowledgeBaseCalls.supportContacts, {}, { staleTime: Infinity });
  return (
    <Stack spacing={0.5} data-testid="support-contacts">
      <Typography variant="body2">{translate(k('text'))}</Typography>
      {data?.chatBotUrl && <MuiLink variant="body2" href={data.chatBotUrl} target="_blank" rel="noopener noreferrer">{translate(k('chatBot'))}</MuiLink>}
      {data?.email && <MuiLink variant="body2" href={`mailto:${data.email}`}>{translate(k('email'), { email: data.email })}</MuiLink>}
      {data?.phone && <MuiLink variant="body2" href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{translate(k('phone'), { phone: data.phone })}</MuiLink>}
      <MuiLink variant="body2" component={Link} to="/knowledge-base">{translate(k('knowledgeBase'))}</MuiLink>
    </Stack>
  );
}
