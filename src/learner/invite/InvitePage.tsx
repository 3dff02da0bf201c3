import { Alert, Box, Button, Card, CardContent, CardMedia, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { AlreadyInCoursePage, ErrorPage, InvitationInvalidPage, LinkAction, NotFoundPage, ServerErrorPage } from '../../errors';
import { P, api, errorCodeOf, fill, serverText, useApi, type InvitePreview } from '../../resources/runningCourses/api';
import { rcKey as k } from '../../resources/runningCourses/ui';
import { signIn } from '../../layout/signIn';
import { useAccount } from '../../layout/useAccount';

/** The page for an invitation error (spec 3 §8.5): 400.2 expired with its date, 404 not found, other 400 unavailable. */
export function InvitationError({ error }: { error: unknown }) {
  const translate = useTranslate();
  const code = errorCodeOf(error);
  const body = (error as { body?: { InvitationDate?: string } }).body;
  if (code === '400.2' && body?.InvitationDate) return <InvitationInvalidPage date={body.InvitationDate} />;
  if (code === '400.1') return <AlreadyInCoursePage />;
  if ((error as { status?: number }).status === 404) return <NotFoundPage />;
  if ((error as { status?: number }).status === 400)
    return <ErrorPage title={translate(k('invite.unavailable'))} text={serverText(error) ?? ''} actions={<LinkAction to="/" label="app.common.backHome" />} />;
  return <ServerErrorPage />;
}

/** /invite/{inviteId}: the preview for guests and students, join for a signed-in student. */
export default function InvitePage() {
  const { inviteId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { principal, isPending: identityPending } = useAccount();
  const role = principal.role;
  const isGuest = role === 'Guest';
  const q = useApi<InvitePreview>(['invite', inviteId], 'GET', fill(P.inviteView, { inviteId }), undefined, { retry: false });
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
      const r = await api<{ isApply: boolean; trainingId: number }>('POST', `${fill(P.inviteJoin, { courseId: inv.courseId })}?code=${encodeURIComponent(inv.code)}`);
      if (r.isApply) setApplied(true);
      else navigate(`/my-courses/course/${r.trainingId}`);
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
              {inv.begin ? new Date(inv.begin).toLocaleDateString() : '…'} — {inv.end ? new Date(inv.end).toLocaleDateString() : '…'}
            </Typography>
          )}
          {inv.description && <Typography sx={{ whiteSpace: 'pre-line' }} gutterBottom>{inv.description.replace(/<[^>]+>/g, '')}</Typography>}
          {applied ? (
            <Alert severity="info">{translate(k('invite.applied'))}</Alert>
          ) : isGuest ? (
            <Button variant="contained" onClick={() => signIn(`/invite/${inviteId}`)}>{translate(k('invite.signIn'))}</Button>
          ) : role === 'Students' ? (
            <Button variant="contained" disabled={busy} onClick={join}>{translate(k(inv.joinMode === 'application' ? 'invite.apply' : 'invite.join'))}</Button>
          ) : (
            <Alert severity="info">{translate(k('invite.studentsOnly'))}</Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
