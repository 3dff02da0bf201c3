import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import type { QuestionKind } from '../../../shared/questions';
import type { QuestionCreateSpec } from '../questions/common/QuestionScreens';
import { QuestionCreateForm } from '../questions/common/QuestionScreens';

/** Each kind's create form, loaded when the dialog first opens for it (the code kind brings its editor). */
const specs: Record<QuestionKind, () => Promise<QuestionCreateSpec>> = {
  closed: () => import('../questions/closed/ClosedForms').then((m) => m.closedCreate),
  free: () => import('../questions/free/FreeForms').then((m) => m.freeCreate),
  matching: () => import('../questions/matching/MatchingForms').then((m) => m.matchingCreate),
  sequence: () => import('../questions/sequence/SequenceForms').then((m) => m.sequenceCreate),
  code: () => import('../questions/code/CodeForms').then((m) => m.codeCreate),
};

/**
 * A new bank question made from the slide editor (as Moodle and Canvas make one from the quiz):
 * the kind's own create form in a dialog, the question in the slide's program. On save the dialog
 * closes and `onCreated` gets the new question; Cancel (or Escape) closes it, focus back where it
 * was. The dialog's form submits apart from the slide's form around it in React's tree.
 */
export function NewQuestionDialog({
  open,
  kind,
  title,
  programId,
  onClose,
  onCreated,
  onExited,
}: {
  open: boolean;
  kind: QuestionKind;
  title: string;
  programId?: string;
  onClose: () => void;
  onCreated: (question: RaRecord) => void;
  /** after the closing transition (focus may move on then) */
  onExited?: () => void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [spec, setSpec] = useState<QuestionCreateSpec | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef<QuestionKind | null>(null);
  useEffect(() => {
    if (!open || loading.current === kind) return;
    loading.current = kind;
    setSpec(null);
    specs[kind]().then(setSpec, () => setFailed(true));
  }, [open, kind]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} slotProps={{ transition: { onExited } }} aria-labelledby="new-question-title" data-testid="new-question-dialog">
      <DialogTitle id="new-question-title">{title}</DialogTitle>
      <DialogContent>
        {/* a submit here must not reach the slide's form: React passes events up through the portal */}
        <Box onSubmit={(e) => e.stopPropagation()}>
          {failed && translate('app.common.loadError')}
          {!failed && !spec && <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} aria-label={translate('app.common.loading')} />}
          {spec && open && (
            <QuestionCreateForm spec={spec} defaultValues={programId ? { courseId: Number(programId) } : undefined} cancel={onClose} onCreated={onCreated} />
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
