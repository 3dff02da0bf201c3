import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, ButtonBase, List, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from '../../app';
import type { CourseLesson } from '../../../shared/learning';
import { Label } from '../cards/Label';
import { ExerciseRow } from './ExerciseRow';

/** A lesson's status label: done in green, in progress in blue, handed in and awaiting the check neutral. */
const lessonStatusLook: Record<CourseLesson['status'], { color?: 'success' | 'info'; variant?: 'outlined' }> = {
  notStarted: {},
  inProgress: { color: 'info' },
  submitted: { variant: 'outlined' },
  completed: { color: 'success' },
};

/**
 * "Lesson N. label" with its status and exercises; open unless completed. Drawn as MUI's
 * Accordion without gutters (a heading holding a button that opens a region), without its
 * Collapse and transition library (~5 KB gzip): the region's height animates in CSS.
 */
export function LessonAccordion({ courseId, lesson: l, onToggleFavorite, onChanged }: { courseId: number; lesson: CourseLesson; onToggleFavorite: (exerciseId: number) => void; onChanged: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(l.status !== 'completed');
  const id = useId();
  return (
    <Paper
      data-testid="lesson"
      sx={(theme) => ({
        position: 'relative',
        borderRadius: 0,
        '&:first-of-type': { borderTopLeftRadius: theme.shape.borderRadius, borderTopRightRadius: theme.shape.borderRadius },
        '&:last-of-type': { borderBottomLeftRadius: theme.shape.borderRadius, borderBottomRightRadius: theme.shape.borderRadius },
        // the divider between closed lessons (MUI's Accordion draws it so)
        '&::before': { position: 'absolute', left: 0, top: -1, right: 0, height: 1, content: '""', bgcolor: 'divider', opacity: open ? 0 : 1, transition: theme.transitions.create('opacity', { duration: theme.transitions.duration.shortest }) },
        '&:first-of-type::before': { display: 'none' },
      })}
    >
      <Box component="h2" sx={{ all: 'unset' }}>
        <ButtonBase
          id={`${id}-summary`}
          aria-expanded={open}
          aria-controls={`${id}-details`}
          disableRipple
          onClick={() => setOpen((o) => !o)}
          sx={{ display: 'flex', width: '100%', minHeight: 48, px: 2, textAlign: 'start', '&.Mui-focusVisible': { bgcolor: 'action.focus' } }}
        >
          <Box component="span" sx={{ display: 'flex', flexGrow: 1, my: 1.5 }}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{translate('app.learner.course.lesson', { n: l.number })} {l.label}</Typography>
              {l.status !== 'notStarted' && (
                <Label size="small" {...lessonStatusLook[l.status]} data-testid="lesson-status" data-status={l.status}>{translate(`app.learner.course.lessonStatus.${l.status}`)}</Label>
              )}
            </Stack>
          </Box>
          <Box component="span" sx={(theme) => ({ display: 'flex', color: 'action.active', transform: open ? 'rotate(180deg)' : 'none', transition: theme.transitions.create('transform', { duration: theme.transitions.duration.shortest }) })}>
            <ExpandMoreIcon />
          </Box>
        </ButtonBase>
      </Box>
      {/* the rows stay mounted when closed, as in MUI's Accordion; hidden ones are out of the tab order */}
      <Box
        id={`${id}-details`}
        role="region"
        aria-labelledby={`${id}-summary`}
        sx={(theme) => ({
          display: 'grid',
          gridTemplateRows: open ? '1fr' : '0fr',
          visibility: open ? 'visible' : 'hidden',
          transition: theme.transitions.create(['grid-template-rows', 'visibility'], { duration: theme.transitions.duration.standard }),
        })}
      >
        <Box sx={{ overflow: 'hidden', minHeight: 0 }}>
          <Box sx={{ p: '8px 16px 16px' }}>
            <List dense disablePadding>
              {l.exercises.map((x) => (
                <ExerciseRow key={x.id} courseId={courseId} exercise={x} onChanged={onChanged} onToggleFavorite={() => onToggleFavorite(x.id)} />
              ))}
            </List>
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
