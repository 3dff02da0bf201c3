import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../api';
import { scormErrorText } from './errors';
import { ScormSession } from './ScormSession';
import { launchUrl, runtimeUrl, type ScormRuntime } from './types';

/**
 * Plays a SCORM exercise (the whole exercise is one package): launches the attempt (starts or
 * resumes it, a POST) and gets its run-time data, then plays the package with its status line,
 * and a way back to the course.
 */
export function ScormPlayer({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const url = runtimeUrl(courseId, exerciseId);
  // launched once per visit: a refetch would restart the package under the learner's hands
  const runtime = useQuery<ScormRuntime>({
    queryKey: ['learner', 'scorm', courseId, exerciseId],
    queryFn: () => postJson<ScormRuntime>(launchUrl(courseId, exerciseId)),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <Box data-testid="scorm-player">
      {runtime.isPending ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ py: 2 }}>
          <CircularProgress size={20} />
          <Typography>{translate('app.scorm.loading')}</Typography>
        </Stack>
      ) : runtime.isError ? (
        <Alert
          severity="error"
          action={<Button color="inherit" size="small" onClick={() => void runtime.refetch()}>{translate('app.scorm.retry')}</Button>}
        >
          {scormErrorText(runtime.error, translate, 'app.scorm.error.load')}
        </Alert>
      ) : (
        <ScormSession key={runtime.data.sessionId} runtime={runtime.data} url={url} />
      )}
      <Button component={Link} to={`/my-courses/course/${courseId}`} sx={{ mt: 1 }}>{translate('app.scorm.backToCourse')}</Button>
    </Box>
  );
}
