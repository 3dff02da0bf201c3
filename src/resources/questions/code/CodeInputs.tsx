import Delete from '@mui/icons-material/Delete';
import Undo from '@mui/icons-material/Undo';
import { Box, FormHelperText, FormLabel, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ArrayInput, BooleanInput, FileField, FileInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CODE_FILE_MAX_BYTES, CODE_FILES_MAX, type CodeFile } from '../../../../shared/questions';
import { useNumbers } from '../../../ui/numbers';
import { QuestionFields } from '../common/QuestionFields';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The saved files of the question: each kept unless removed here (removal takes effect on save). */
function SavedFiles({ files }: { files: CodeFile[] }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const { setValue } = useFormContext();
  const kept = (useWatch({ name: 'keptFileIds' }) as number[] | undefined) ?? [];
  if (!files.length) return null;
  const toggle = (id: number) =>
    setValue('keptFileIds', kept.includes(id) ? kept.filter((k) => k !== id) : [...kept, id], { shouldDirty: true });
  return (
    <Box sx={{ mb: 1 }}>
      <FormLabel>{translate('questionBanks.fields.savedFiles')}</FormLabel>
      <List dense data-testid="saved-files">
        {files.map((f) => {
          const on = kept.includes(f.id);
          return (
            <ListItem
              key={f.id}
              secondaryAction={
                <IconButton edge="end" onClick={() => toggle(f.id)} aria-label={translate(on ? 'questionBanks.actions.removeFile' : 'questionBanks.actions.keepFile')}>
                  {on ? <Delete /> : <Undo />}
                </IconButton>
              }
            >
              <ListItemText
                primary={<a href={`/api/files/${f.id}`} target="_blank" rel="noopener noreferrer">{f.name}</a>}
                secondary={on ? numbers.fileSize(f.size) : translate('questionBanks.fileRemoved')}
                sx={{ textDecoration: on ? undefined : 'line-through' }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** The server's refusal of the files (a bad or repeated name, an unknown kept file): it names no input of the form. */
function FilesError() {
  const translate = useTranslate();
  const { errors } = useFormState({ name: ['files', 'filesId'] });
  const message = errors.files?.message ?? errors.filesId?.message;
  return typeof message === 'string' ? <FormHelperText error>{translate(message, { _: message })}</FormHelperText> : null;
}

/**
 * Fields of a code question: text, starter code (a monospace editor: Python, 40vh, 16 px,
 * spec 2 §9), the files the program may open and the test cases (stdin → expected stdout).
 */
export function CodeInputs({ savedFiles = [] }: { savedFiles?: CodeFile[] }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  return (
    <>
      <QuestionFields />
      <TextInput
        source="code"
        label="questionBanks.fields.code"
        helperText="questionBanks.help.code"
        fullWidth
        multiline
        minRows={8}
        sx={{ '& textarea': { ...mono, fontSize: 16, minHeight: '40vh' } }}
        inputProps={{ spellCheck: false, 'data-testid': 'code-editor' }}
      />
      <SavedFiles files={savedFiles} />
      <FileInput
        source="newFiles"
        label="questionBanks.fields.newFiles"
        // react-admin's label does not reach the drop zone's hidden file input
        inputProps={{ 'aria-label': translate('questionBanks.fields.newFiles') }}
        multiple
        maxSize={CODE_FILE_MAX_BYTES}
        helperText={translate('questionBanks.help.files', { count: CODE_FILES_MAX, size: numbers.megabytes(CODE_FILE_MAX_BYTES / 1024 / 1024) })}
      >
        <FileField source="src" title="title" />
      </FileInput>
      <FilesError />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {translate('questionBanks.fields.testCases')}
      </Typography>
      <ArrayInput source="testCases" label={false} helperText="questionBanks.help.testCases">
        <SimpleFormIterator inline>
          <TextInput source="inputValues" label="questionBanks.fields.inputValues" multiline minRows={2} sx={{ minWidth: { xs: '100%', sm: 260 }, '& textarea': mono }} />
          <TextInput source="outputValue" label="questionBanks.fields.outputValue" multiline minRows={2} sx={{ minWidth: { xs: '100%', sm: 260 }, '& textarea': mono }} />
          <BooleanInput source="isHidden" label="questionBanks.fields.isHidden" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
