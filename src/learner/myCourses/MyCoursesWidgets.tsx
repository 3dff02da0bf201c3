import { Link as MuiLink, List, ListItem, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import type { MyLink } from '../../../shared/learning';
import { useCall } from '../../http/queries';
import { READ_ONCE } from '../learnerReads';
import { absoluteAddress } from '../paths';
import { SupportContacts } from '../../knowledgeBase/SupportContacts';

function LinksTree({ nodes }: { nodes: MyLink[] }) {
  return (
    <List dense disablePadding sx={{ pl: 1 }}>
      {nodes.map((n) => (
        <ListItem key={n.id} disableGutters sx={{ display: 'block' }}>
          {n.address ? <MuiLink href={absoluteAddress(n.address)} target="_blank" rel="noopener noreferrer">{n.text}</MuiLink> : <Typography variant="body2">{n.text}</Typography>}
          {n.children.length > 0 && <LinksTree nodes={n.children} />}
        </ListItem>
      ))}
    </List>
  );
}

function Widget({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2">{title}</Typography>
      {children}
    </Paper>
  );
}

const Nothing = ({ text }: { text: string }) => <Typography variant="body2" color="text.secondary">{text}</Typography>;

/** The side widgets of my courses (spec 1 §2.3): support, my courses' links, achievements. */
export function MyCoursesWidgets() {
  const translate = useTranslate();
  const links = useCall(learningCalls.myLinks, {}, READ_ONCE);
  const ach = useCall(learningCalls.achievements, {}, READ_ONCE);
  const count = (ach.data?.certificates.length ?? 0) + (ach.data?.achievements.length ?? 0);
  return (
    <Stack spacing={2}>
      <Widget title={translate('app.learner.myCourses.support')} testId="widget-support">
        <SupportContacts />
      </Widget>
      <Widget title={translate('app.learner.myCourses.links')} testId="widget-links">
        {links.isPending ? <Skeleton /> : links.data?.length ? <LinksTree nodes={links.data} /> : <Nothing text={translate('app.learner.myCourses.noLinks')} />}
      </Widget>
      <Widget title={<MuiLink component={Link} to="/achievements">{translate('app.learner.myCourses.achievements')}</MuiLink>} testId="widget-achievements">
        {ach.isPending ? <Skeleton /> : count ? (
          <List dense>
            {ach.data!.certificates.map((c) => <ListItem key={`c${c.certificateId}`} disableGutters>{c.title} — {c.trainingLabel}</ListItem>)}
            {ach.data!.achievements.map((a) => <ListItem key={a.kind} disableGutters>{a.kind}</ListItem>)}
          </List>
        ) : <Nothing text={translate('app.learner.myCourses.noAchievements')} />}
      </Widget>
    </Stack>
  );
}
