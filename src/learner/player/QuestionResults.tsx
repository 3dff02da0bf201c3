import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import { slideCalls, type SlidePage } from '../../../shared/calls/study/pages';
import type { AttemptResult, ResultQuestion } from '../../../shared/calls/study/results';
import { useCall } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { answerLines, isCodeAnswer } from './answerPreview';

function Lines({ value, content, testId }: { value: unknown; content: Record<string, unknown> | undefined; testId: string }) {
  const translate = useTranslate();
  if (isCodeAnswer(value)) {
    return <Box component="pre" data-testid={testId} sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto', fontSize: 13 }}>{(value as { code: string }).code}</Box>;
  }
  const lines = answerLines(value, content);
  if (!lines.length) return <Typography color="text.secondary" data-testid={testId}>{translate('app.player.final.noAnswer')}</Typography>;
  return <Box data-testid={testId}>{lines.map((l, i) => <Typography key={i}>{l}</Typography>)}</Box>;
}

/** One question's answer preview: the slide is loaded (read-only, in the finished attempt) only when opened, to name the chosen options. */
function Preview({ courseId, result, q }: { courseId: string; result: AttemptResult; q: ResultQuestion }) {
  const translate = useTranslate();
  const slide = useCall(slideCalls.load, { params: { courseId, exerciseId: result.exerciseId }, body: { slideId: String(q.slideId), sessionId: result.sessionId } }, { retry: false });
  if (slide.isPending) return <Skeleton height={40} />;
  // a slide's id loads that slide
  const content = (slide.data as SlidePage | undefined)?.content;
  return (
    <Stack spacing={1}>
      {slide.error && <Alert severity="warning">{translate('app.player.final.previewError')}</Alert>}
      <Box>
        <Typography variant="subtitle2">{translate('app.player.final.yourAnswer')}</Typography>
        <Lines value={q.answer} content={content} testId="answer-preview" />
      </Box>
      {result.showsCorrectAnswers && q.correctAnswer && (
        <Box>
          <Typography variant="subtitle2">{translate('app.player.final.correctAnswer')}</Typography>
          <Lines value={q.correctAnswer} content={content} testId="correct-preview" />
        </Box>
      )}
    </Stack>
  );
}

const correctnessColor = (c: number | null) => (c === 1 ? 'success' : c === 0 ? 'error' : 'default');

/** The final page's per-question list: correctness, points, and a preview of the answer (and the correct one when shown). */
export function QuestionResults({ courseId, result }: { courseId: string; result: AttemptResult }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const [open, setOpen] = useState<number | null>(null);
  if (!result.questions.length) return <Typography color="text.secondary">{translate('app.player.final.noQuestions')}</Typography>;
  return (
    <Box data-testid="question-results">
      {result.questions.map((q) => (
        <Accordion key={q.slideId} disableGutters expanded={open === q.slideId} onChange={(_, on) => setOpen(on ? q.slideId : null)} data-testid="question-result">
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={`${q.label} — ${translate('app.player.final.preview')}`}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{q.label}</Typography>
              {q.needsReview ? (
                <Chip size="small" color="warning" label={translate('app.player.final.needsReview')} />
              ) : q.answered && q.correctness !== null ? (
                <Chip size="small" color={correctnessColor(q.correctness)} label={translate(`app.player.final.correctness.${q.correctness}`)} />
              ) : !q.answered ? (
                <Chip size="small" variant="outlined" label={translate('app.player.final.noAnswer')} />
              ) : null}
              {q.maxScore !== null && (
                <Typography variant="body2" color="text.secondary">{translate('app.player.final.points', { score: numbers.count(q.score ?? 0), max: numbers.count(q.maxScore) })}</Typography>
              )}
            </Stack>
          </AccordionSummary>
          <AccordionDetails>{open === q.slideId && <Preview courseId={courseId} result={result} q={q} />}</AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
