import CheckIcon from '@mui/icons-material/Check';
import LockIcon from '@mui/icons-material/LockOutlined';
import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Paper, Tooltip, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import type { PlayerPage } from '../../../shared/calls/study/pages';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { statusIcon } from '../course/exerciseStatus';
import { stepPath, type Step } from './navigation';
import { useLeaveStep } from './pendingAnswer';

/**
 * The player's exercise menu (spec 1 §2.3): the course's lessons and exercises with their
 * statuses and availability as on the course page (the same call and cache), and inside
 * the current exercise its steps — start, each slide with its answered mark, end.
 */
export function ExerciseMenu({ courseId, page, step, answered }: { courseId: string; page: PlayerPage | undefined; step: Step; answered: ReadonlySet<number> }) {
  const translate = useTranslate();
  const lessons = useCall(learningCalls.lessons, { params: { courseId } }, { retry: false });
  const currentId = page?.exercise.id;
  // an answer not saved on the current slide is saved before a menu link leaves it
  const { onLeave } = useLeaveStep();
  const link = (to: string) => ({ component: Link, to, onClick: onLeave(to) });

  const steps = page && (
    <List dense disablePadding sx={{ pl: 2 }} data-testid="player-steps">
      <ListItemButton {...link(stepPath(courseId, page.exercise.lessonId, page.exercise.id, 'start'))} selected={step === 'start'}>
        <ListItemText primary={translate('app.player.menu.start')} />
      </ListItemButton>
      {page.slides.map((s) => (
        <ListItemButton
          key={s.id}
          {...link(stepPath(courseId, page.exercise.lessonId, page.exercise.id, s.id))}
          selected={step === s.id}
          data-testid="player-step"
          data-answered={answered.has(s.id) ? 'true' : 'false'}
        >
          <ListItemText primary={`${s.number}. ${s.label}${s.required ? ' *' : ''}`} title={s.required ? translate('app.player.menu.required') : undefined} />
          {answered.has(s.id) && (
            <Tooltip title={translate('app.player.menu.answered')}>
              <CheckIcon fontSize="small" color="success" aria-label={translate('app.player.menu.answered')} />
            </Tooltip>
          )}
        </ListItemButton>
      ))}
      <ListItemButton {...link(stepPath(courseId, page.exercise.lessonId, page.exercise.id, 'end'))} selected={step === 'end'}>
        <ListItemText primary={translate('app.player.menu.end')} />
      </ListItemButton>
    </List>
  );

  return (
    <Paper variant="outlined" component="nav" aria-label={translate('app.player.menu.title')} data-testid="exercise-menu" sx={{ p: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 1, fontWeight: 600 }}>{translate('app.player.menu.title')}</Typography>
      <PageState isPending={lessons.isPending} error={lessons.error} errorTitle={translate('app.player.menu.loadError')} refetch={() => void lessons.refetch()}>
        {lessons.data?.map((l) => (
          <List key={l.id} dense disablePadding subheader={<ListSubheader disableSticky sx={{ lineHeight: 2, mt: 1 }}>{translate('app.player.menu.lesson', { n: l.number })} {l.label}</ListSubheader>}>
            {l.exercises.map((x) => {
              const st = statusIcon(x.status, x.failed);
              return (
                <Fragment key={x.id}>
                  <ListItemButton
                    {...link(stepPath(courseId, x.lessonId, x.id, 'start'))}
                    disabled={!x.isAvailable}
                    selected={x.id === currentId}
                    data-testid="menu-exercise"
                  >
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {st ? (
                        <Tooltip title={translate(`app.learner.course.status.${st.key}`)}><span data-testid={`menu-status-${st.key}`}>{st.icon}</span></Tooltip>
                      ) : !x.isAvailable ? (
                        <LockIcon fontSize="small" color="disabled" aria-label={translate('app.player.menu.notAvailable')} />
                      ) : null}
                    </ListItemIcon>
                    <ListItemText primary={x.label} />
                  </ListItemButton>
                  {x.id === currentId && steps}
                </Fragment>
              );
            })}
          </List>
        ))}
      </PageState>
      {/* the menu's call failed or lags: the current exercise's steps still show */}
      {page && !lessons.data?.some((l) => l.exercises.some((x) => x.id === currentId)) && steps}
    </Paper>
  );
}
