import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useApi } from '../../api';
import { scormErrorText } from './errors';
import { ScormSession } from './ScormSession';
import { runtimeUrl, type ScormRuntime } from './types';

/**
 * Plays a SCORM exercise (the whole exercise is one package): loads the attempt's run-time
 * data (starting or resuming the attempt), then the package with its status line, and a way
 * back to the course.
 */
export function ScormPlayer({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const url = runtimeUrl(courseId, exerciseId);
  // loaded once per visit: a refetch would restart the package under the learner's hands
  const runtime = useApi<ScormRuntime>(['scorm', courseId, exerciseId], url, { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false });

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
