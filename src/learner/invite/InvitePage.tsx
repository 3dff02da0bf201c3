import { Alert, Box, Button, Card, CardContent, CardMedia, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { AlreadyInCoursePage, InvitationInvalidPage, KeyedErrorPage, ServerErrorPage } from '../../errors';
import { invitationCalls } from '../../../shared/calls/invitations';
import { callApi } from '../../http/client';
import { errorCodeOf, serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { signIn } from '../../layout/signIn';
import { useAccount } from '../../layout/useAccount';
import { coursePath } from '../paths';

const k = (key: string) => `resources.invitations.invite.${key}`;

/**
 * The page for an invitation error (spec 3 §8.5): 400.2 expired with its date, 404 the
 * invitation not found, other 400 the invitation unavailable (with the server's reason) — the
 * invitation's own pages, not the generic ones.
 */
export function InvitationError({ error }: { error: unknown }) {
  const code = errorCodeOf(error);
  const status = (error as { status?: number }).status;
  const body = (error as { body?: { InvitationDate?: string } }).body;
  if (code === '400.2' && body?.InvitationDate) return <InvitationInvalidPage date={body.InvitationDate} />;
  if (code === '400.1') return <AlreadyInCoursePage />;
  if (status === 404) return <KeyedErrorPage kind="invitationNotFound" />;
  if (status === 400) return <KeyedErrorPage kind="invitationUnavailable" text={serverText(error)} />;
  return <ServerErrorPage />;
}

/** /invite/{inviteId}: the preview for guests and students, join for a signed-in student. */
export default function InvitePage() {
  const { inviteId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  const navigate = useNavigate();
  const notify = useNotify();
  const { principal, isPending: identityPending } = useAccount();
  const role = principal.role;
  const isGuest = role === 'Guest';
  const q = useCall(invitationCalls.preview, { params: { invitationId: inviteId } }, { retry: false });
  const [joinError, setJoinError] = useState<unknown>(null);
  const [applied, setApplied] = useState(false);
  const [busy, setBusy] = useState(false);
  if (q.isPending || identityPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress /></Box>;
  if (q.error) {
    // a guest who cannot see the invitation goes to the welcome page, then the catalogue
    if (isGuest && (q.error as { status?: number }).status === 404) return <Navigate to="/welcome?redirect=/student-catalog" replace />;
    return <InvitationError error={q.error} />;
  }
  if (joinError) return <InvitationError error={joinError} />;
  const inv = q.data!;
  const join = async () => {
    setBusy(true);
    try {
      const r = await callApi(invitationCalls.join, { params: { courseId: inv.courseId }, query: { code: inv.code }, body: undefined });
      // the same notices as a join from the catalogue (spec 3 §8.2)
      notify(translate(r.isApply ? 'app.learner.join.applied' : 'app.learner.join.joined'), { type: 'success' });
      if (r.isApply) setApplied(true);
      else navigate(coursePath(r.trainingId));
    } catch (e) {
      setJoinError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ maxWidth: 720, width: '100%' }} data-testid="invite-preview">
        {inv.picture && <CardMedia component="img" height="200" image={inv.picture} alt="" />}
        <CardContent>
          <Typography variant="h5" gutterBottom>{inv.label}</Typography>
          {(inv.begin || inv.end) && (
            <Typography color="text.secondary" gutterBottom>
              {dates.day(inv.begin) || '…'} — {dates.day(inv.end) || '…'}
            </Typography>
          )}
          {inv.description && <Typography sx={{ whiteSpace: 'pre-line' }} gutterBottom>{inv.description.replace(/<[^>]+>/g, '')}</Typography>}
          {applied ? (
            <Alert severity="info">{translate(k('applied'))}</Alert>
          ) : isGuest ? (
            <Button variant="contained" onClick={() => signIn(`/invite/${inviteId}`)}>{translate(k('signIn'))}</Button>
          ) : role === 'Students' ? (
            <Button variant="contained" disabled={busy} onClick={join}>{translate(k(inv.joinMode === 'application' ? 'apply' : 'join'))}</Button>
          ) : (
            <Alert severity="info">{translate(k('studentsOnly'))}</Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
