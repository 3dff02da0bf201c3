import Download from '@mui/icons-material/Download';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { journalCalls } from '../../../shared/calls/journal';
import { callUrl } from '../../http/client';
import { useCall } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';

const T = 'resources.studentsJournal.responses';

/**
 * /courses/{courseId}[/{lessonId}[/{exerciseId}]]/responses-upload (spec 1 §2.9): the students'
 * file answers of the course, a lesson or an exercise as one zip. The pickers move between the
 * three paths; the download is a plain link to the streamed zip.
 */
export default function ResponsesUploadPage() {
  const { courseId = '', lessonId, exerciseId } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const navigate = useNavigate();
  const query = { lessonId: lessonId ? Number(lessonId) : undefined, exerciseId: exerciseId ? Number(exerciseId) : undefined };
  const { data, isPending, error, refetch } = useCall(journalCalls.responses, { params: { courseId }, query }, { staleTime: 0 });
  const lesson = data?.lessons.find((l) => l.id === query.lessonId);
  const go = (l?: string, e?: string) => navigate(`/courses/${courseId}${l ? `/${l}` : ''}${l && e ? `/${e}` : ''}/responses-upload`);

  return (
    <PageFrame title={translate(`${T}.title`)} back={`/courses/${courseId}`}>
      <PageState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate(`${T}.scope`)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField select size="small" sx={{ minWidth: 220 }} label={translate(`${T}.lesson`)} value={lessonId ?? ''} onChange={(e) => go(e.target.value || undefined)}>
                <MenuItem value="">{translate(`${T}.allLessons`)}</MenuItem>
                {data.lessons.map((l) => (
                  <MenuItem key={l.id} value={String(l.id)}>
                    {l.label}
                  </MenuItem>
                ))}
              </TextField>
              {lesson && (
                <TextField select size="small" sx={{ minWidth: 220 }} label={translate(`${T}.exercise`)} value={exerciseId ?? ''} onChange={(e) => go(lessonId, e.target.value || undefined)}>
                  <MenuItem value="">{translate(`${T}.allExercises`)}</MenuItem>
                  {lesson.exercises.map((e) => (
                    <MenuItem key={e.id} value={String(e.id)}>
                      {e.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
            <Typography sx={{ mb: 1 }}>
              {[data.course.label, data.lesson?.label, data.exercise?.label].filter(Boolean).join(' / ')}
            </Typography>
            {data.files === 0 ? (
              <Alert severity="info">{translate(`${T}.empty`)}</Alert>
            ) : (
              <>
                <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="responses-summary">
                  {translate(`${T}.summary`, { files: data.files, size: numbers.fileSize(data.bytes), students: data.students })}. {translate(`${T}.hint`)}
                </Typography>
                <Button variant="contained" startIcon={<Download />} component="a" href={callUrl(journalCalls.responsesZip, { params: { courseId }, query })} download>
                  {translate('resources.studentsJournal.actions.downloadZip')}
                </Button>
              </>
            )}
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
