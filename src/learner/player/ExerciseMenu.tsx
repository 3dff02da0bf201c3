import CheckIcon from '@mui/icons-material/Check';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Paper, Typography, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslate } from '../../app';
import { Hint } from './Hint';
import { Link } from 'react-router-dom';
import type { PlayerPage } from '../../../shared/calls/study/pages';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { statusIcon } from '../course/exerciseStatus';
import { stepPath, type Step } from './navigation';
import { useLeaveStep } from './pendingAnswer';

/**
 * The menu's look, set once on its frame: rows are plain links in list items (MUI's dense
 * ListItemButton look without ButtonBase and three components per row — the menu re-renders with
 * every step, some thirty rows on a phone's CPU).
 */
const menuSx: SxProps<Theme> = {
  p: 1,
  '& ul': { listStyle: 'none', m: 0, p: 0 },
  '& .menu-lesson': { typography: 'body2', fontWeight: 500, color: 'text.secondary', px: 2, mt: 1, lineHeight: 2 },
  '& .menu-row': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    minHeight: 36,
    px: 2,
    py: 0.5,
    typography: 'body2',
    color: 'text.primary',
    textDecoration: 'none',
    overflowWrap: 'anywhere',
    '&:hover': { bgcolor: 'action.hover' },
    // a visible focus ring (a faint background alone was hard to see, WCAG 2.4.7)
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px', bgcolor: 'action.focus' },
    '&[aria-current]': { bgcolor: (t: Theme) => alpha(t.palette.primary.main, t.palette.action.selectedOpacity) },
    '&[aria-disabled="true"]': { opacity: 0.38, pointerEvents: 'none' },
  },
  '& .menu-steps .menu-row': { pl: 4 },
  '& .menu-icon': { display: 'inline-flex', flexShrink: 0, minWidth: 24 },
  '& .menu-label': { flexGrow: 1 },
};

/** One row: a link, the current one marked (aria-current), an unavailable one inert. */
function MenuRow({ to, current, disabled, onLeave, children, ...data }: { to: string; current?: 'true' | 'step'; disabled?: boolean; onLeave: (to: string) => (e: MouseEvent) => void; children: ReactNode; 'data-testid'?: string; 'data-answered'?: string }) {
  return (
    <Link
      className="menu-row"
      to={to}
      aria-current={current}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : undefined}
      onClick={disabled ? (e) => e.preventDefault() : onLeave(to)}
      {...data}
    >
      {children}
    </Link>
  );
}

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

  const steps = page && (
    <ul className="menu-steps" data-testid="player-steps">
      <li>
        <MenuRow to={stepPath(courseId, page.exercise.lessonId, page.exercise.id, 'start')} current={step === 'start' ? 'step' : undefined} onLeave={onLeave}>
          <span className="menu-label">{translate('app.player.menu.start')}</span>
        </MenuRow>
      </li>
      {page.slides.map((s) => (
        <li key={s.id}>
          <MenuRow
            to={stepPath(courseId, page.exercise.lessonId, page.exercise.id, s.id)}
            current={step === s.id ? 'step' : undefined}
            onLeave={onLeave}
            data-testid="player-step"
            data-answered={answered.has(s.id) ? 'true' : 'false'}
          >
            <span className="menu-label" title={s.required ? translate('app.player.menu.required') : undefined}>{`${s.number}. ${s.label}${s.required ? ' *' : ''}`}</span>
            {answered.has(s.id) && (
              <Hint title={translate('app.player.menu.answered')}>
                <CheckIcon fontSize="small" color="success" aria-label={translate('app.player.menu.answered')} />
              </Hint>
            )}
          </MenuRow>
        </li>
      ))}
      <li>
        <MenuRow to={stepPath(courseId, page.exercise.lessonId, page.exercise.id, 'end')} current={step === 'end' ? 'step' : undefined} onLeave={onLeave}>
          <span className="menu-label">{translate('app.player.menu.end')}</span>
        </MenuRow>
      </li>
    </ul>
  );

  return (
    <Paper variant="outlined" component="nav" aria-label={translate('app.player.menu.title')} data-testid="exercise-menu" sx={menuSx}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 1, fontWeight: 600 }}>{translate('app.player.menu.title')}</Typography>
      <PageState isPending={lessons.isPending} error={lessons.error} errorTitle={translate('app.player.menu.loadError')} refetch={() => void lessons.refetch()}>
        {lessons.data?.map((l) => (
          <section key={l.id}>
            <div className="menu-lesson">{translate('app.player.menu.lesson', { n: l.number })} {l.label}</div>
            <ul>
              {l.exercises.map((x) => {
                const st = statusIcon(x.status, x.failed);
                return (
                  <li key={x.id}>
                    <MenuRow to={stepPath(courseId, x.lessonId, x.id, 'start')} disabled={!x.isAvailable} current={x.id === currentId ? 'true' : undefined} onLeave={onLeave} data-testid="menu-exercise">
                      <span className="menu-icon">
                        {st ? (
                          <Hint title={translate(`app.learner.course.status.${st.key}`)}><span role="img" data-testid={`menu-status-${st.key}`}>{st.icon}</span></Hint>
                        ) : !x.isAvailable ? (
                          <LockIcon fontSize="small" color="disabled" aria-label={translate('app.player.menu.notAvailable')} />
                        ) : null}
                      </span>
                      <span className="menu-label">{x.label}</span>
                    </MenuRow>
                    {x.id === currentId && steps}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </PageState>
      {/* the menu's call failed or lags: the current exercise's steps still show */}
      {page && !lessons.data?.some((l) => l.exercises.some((x) => x.id === currentId)) && steps}
    </Paper>
  );
}
