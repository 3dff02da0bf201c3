import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import UploadFile from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, IconButton, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import type { SlideViewProps } from '../types';
import { fileContent, savedFiles } from './content';
import { fileProblem, normalisedExtensions } from './fileLimits';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { answerCalls, type SavedFile } from '../../../../shared/calls/study/answers';
import { callUrl } from '../../../http/client';
import { useNumbers } from '../../../ui/numbers';
import { uploadAnswer } from './uploadAnswer';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/**
 * File answer: choosing a file uploads it at once (with progress) and that upload is the
 * save — there is nothing else to confirm. The upload replaces the answer's file, or, when
 * the slide allows several, is added beside the earlier ones; the server answers the list.
 */
export function FileForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const numbers = useNumbers();
  const limits = fileContent(page.content);
  const [files, setFiles] = useState<SavedFile[]>(() => savedFiles(page.answer));
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useSave('files', props);
  const several = (limits.maxFiles ?? 1) > 1;
  const path = callUrl(answerCalls.saveFiles, { params: save.params });
  const extensions = normalisedExtensions(limits.allowedExtensions);

  const send = async (file: File) => {
    const kept = several ? files : [];
    const problem = fileProblem(file, limits, kept.length + 1);
    if (problem) return save.setError(translate(k(problem.key), { ...problem.vars, maxFileSize: numbers.megabytes(limits.maxFileSizeMb ?? 0) }));
    setProgress(0);
    const ack = await save.run(() => uploadAnswer(path, page.sessionId, file, setProgress));
    setProgress(null);
    if (ack?.files) setFiles(ack.files);
  };
  const remove = async (id: number) => {
    const rest = files.filter((f) => f.id !== id);
    const ack = await save.send({ fileIds: rest.map((f) => f.id) });
    if (ack?.files) setFiles(ack.files);
  };

  return (
    <div data-testid="question-form" data-kind="file">
      <QuestionText html={limits.html} />
      <Alert severity="info" icon={false} sx={{ mb: 2 }} data-testid="file-limits">
        {limits.maxFiles && <Typography variant="body2">{translate(k('file.maxFiles'), { max: limits.maxFiles })}</Typography>}
        {extensions.length > 0 && <Typography variant="body2">{translate(k('file.extensions'), { list: extensions.map((e) => `.${e}`).join(', ') })}</Typography>}
        {limits.maxFileSizeMb && <Typography variant="body2">{translate(k('file.maxSize'), { size: numbers.megabytes(limits.maxFileSizeMb) })}</Typography>}
      </Alert>
      {files.length > 0 ? (
        <List dense data-testid="file-list">
          {files.map((f) => {
            return (
              <ListItem
                key={f.id}
                secondaryAction={
                  !readOnly && several && files.length > 1 ? (
                    <IconButton edge="end" aria-label={translate(k('file.remove'), { name: f.name })} onClick={() => void remove(f.id)} disabled={save.state === 'saving' || save.closed}>
                      <DeleteOutline />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemIcon>
                  <InsertDriveFile />
                </ListItemIcon>
                <ListItemText primary={f.name} secondary={numbers.fileSize(f.size)} />
              </ListItem>
            );
          })}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 1 }}>{translate(k('file.none'))}</Typography>
      )}
      {progress !== null && (
        <Box sx={{ my: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={translate(k('file.uploading'))} />
          <Typography variant="caption">{translate(k('file.progress'), { percent: progress })}</Typography>
        </Box>
      )}
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="file-input"
            accept={extensions.map((e) => `.${e}`).join(',') || undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void send(file);
            }}
          />
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={save.state === 'saving' || save.closed}>
            {translate(k(files.length && !several ? 'file.replace' : 'file.choose'))}
          </Button>
        </>
      )}
      <SaveBar save={save} readOnly={readOnly} />
    </div>
  );
}
