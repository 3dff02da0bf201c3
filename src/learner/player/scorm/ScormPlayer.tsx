import { Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from '../../../app';
import { Link } from 'react-router-dom';
import { scormCalls } from '../../../../shared/calls/study/scorm';
import { callApi } from '../../../http/client';
import { callKey } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { scormErrorText } from './errors';
import { ScormSession } from './ScormSession';

/**
 * Plays a SCORM exercise (the whole exercise is one package): launches the attempt (starts or
 * resumes it, a POST) and gets its run-time data, then plays the package with its status line,
 * and a way back to the course.
 */
export function ScormPlayer({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  // one object per exercise: the session's bridge is opened again only for another one
  const params = useMemo(() => ({ courseId, exerciseId }), [courseId, exerciseId]);
  // launched once per visit: a refetch would restart the package under the learner's hands
  const runtime = useQuery({
    queryKey: callKey(scormCalls.launch, { params }),
    queryFn: () => callApi(scormCalls.launch, { params }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <Box data-testid="scorm-player">
      <PageState
        isPending={runtime.isPending}
        error={runtime.error}
        describeError={(e) => scormErrorText(e, translate, 'app.scorm.error.load')}
        refetch={() => void runtime.refetch()}
      >
        {runtime.data && <ScormSession key={runtime.data.sessionId} runtime={runtime.data} params={params} />}
      </PageState>
      <Button component={Link} to={`/my-courses/course/${courseId}`} sx={{ mt: 1 }}>{translate('app.scorm.backToCourse')}</Button>
    </Box>
  );
}
