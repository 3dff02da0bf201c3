import { Button, Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { profileCalls, type ProfileProperties } from '../../../shared/calls/profile';
import { useAccount, useRefreshAccount } from '../../layout/useAccount';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { AttributeGroupsCard } from './AttributeGroupsCard';
import { AvatarCard } from './AvatarCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import { LanguageCard } from './LanguageCard';
import { PersonalForm } from './PersonalForm';
import { CertificatesCard, StudyCard } from './StudyCard';

const k = (key: string) => `app.profile.${key}`;

/** /profile (spec 1 §2.3): personal data, avatar, language, progress and final score, certificates. */
export default function ProfilePage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const refreshHeader = useRefreshAccount();
  const { account } = useAccount();
  const { data, isPending, error, refetch } = useCall(profileCalls.properties, {});
  // the header shows the name and the avatar: read them again after a change
  const refreshAccount = async (saved?: ProfileProperties) => {
    if (saved) queryClient.setQueryData(callKey(profileCalls.properties, {}), saved);
    else await queryClient.invalidateQueries({ queryKey: callKey(profileCalls.properties) });
    await refreshHeader();
  };
  const student = account?.role === 'Students';

  return (
    <PageFrame
      title={translate(k('title'))}
      plain
      actions={<Button component={Link} to="/profile/password">{translate(k('passwordLink'))}</Button>}
    >
      <PageState isPending={isPending} loading={<Skeleton variant="rounded" height={320} />} error={error} errorTitle={translate(k('loadError'))} refetch={refetch}>
        {data && (
          <Stack spacing={2} data-testid="profile-page">
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={2}>
                  <AvatarCard picture={data.picture} name={`${data.firstName} ${data.lastName}`} onChanged={() => void refreshAccount()} />
                  <Typography variant="body2" color="text.secondary">{translate(k('field.eMail'))}: {data.eMail}</Typography>
                  <Divider />
                  <PersonalForm key={data.accountId} profile={data} onSaved={(p) => void refreshAccount(p)} />
                  <Divider />
                  <LanguageCard onChanged={() => void refreshAccount()} />
                  <AttributeGroupsCard />
                </Stack>
              </CardContent>
            </Card>
            {student && (
              <Card variant="outlined">
                <CardContent>
                  <Stack spacing={2}>
                    <StudyCard />
                    <Divider />
                    <CertificatesCard />
                    <Divider />
                    <CalendarFeedCard />
                  </Stack>
                </CardContent>
              </Card>
            )}
          </Stack>
        )}
      </PageState>
    </PageFrame>
  );
}
