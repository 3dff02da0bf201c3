import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Chip, List, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import type { CourseLesson } from '../../../shared/learning';
import { ExerciseRow } from './ExerciseRow';

/** "Lesson N. label" with its status and exercises; open unless completed. */
export function LessonAccordion({ courseId, lesson: l, onToggleFavorite, onChanged }: { courseId: number; lesson: CourseLesson; onToggleFavorite: (exerciseId: number) => void; onChanged: () => void }) {
  const translate = useTranslate();
  return (
    <Accordion defaultExpanded={l.status !== 'completed'} disableGutters data-testid="lesson">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.learner.course.lesson', { n: l.number })} {l.label}</Typography>
          {l.status !== 'notStarted' && (
            <Chip size="small" color={l.status === 'completed' ? 'success' : 'info'} label={translate(`app.learner.course.lessonStatus.${l.status}`)} />
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <List dense disablePadding>
          {l.exercises.map((x) => (
            <ExerciseRow key={x.id} courseId={courseId} exercise={x} onChanged={onChanged} onToggleFavorite={() => onToggleFavorite(x.id)} />
          ))}
        </List>
      </AccordionDetails>
    </Accordion>
  );
}
