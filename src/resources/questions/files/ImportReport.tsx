import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportAnswer } from '../../../../shared/questions';

/**
 * What a question file import did: the format found, how many questions came in and how many
 * did not, the file's categories, and the server's notes (already translated) on what was
 * skipped or imported without some part. The heading takes focus when the report appears, so a
 * screen reader reads it after the upload.
 */
export function ImportReport({ answer }: { answer: ImportAnswer }) {
  const translate = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  const notes = answer.notes ?? [];
  const skipped = notes.filter((n) => !n.kept).length;
  const categories = answer.categories ?? [];
  return (
    <Box component="section" aria-labelledby="question-file-report" data-testid="file-import-report">
      <Typography id="question-file-report" ref={heading} tabIndex={-1} component="h3" variant="h6" sx={{ outline: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
        {translate('questionBanks.files.report.title')}
      </Typography>
      <List dense aria-label={translate('questionBanks.files.report.summary')}>
        {answer.format && (
          <ListItem disableGutters>
            <ListItemText primary={translate('questionBanks.files.report.format', { format: translate(`questionBanks.files.formats.${answer.format}`) })} />
          </ListItem>
        )}
        <ListItem disableGutters>
          <ListItemText primary={translate('questionBanks.files.report.imported', { count: answer.imported, smart_count: answer.imported })} />
        </ListItem>
        {skipped > 0 && (
          <ListItem disableGutters>
            <ListItemText primary={translate('questionBanks.files.report.skipped', { count: skipped, smart_count: skipped })} />
          </ListItem>
        )}
      </List>
      {categories.length > 0 && (
        <>
          <Typography component="h4" variant="subtitle1" id="question-file-categories">
            {translate('questionBanks.files.report.categories')}
          </Typography>
          <List dense aria-labelledby="question-file-categories" data-testid="file-import-categories">
            {categories.map((c) => (
              <ListItem key={c.name} disableGutters>
                <ListItemText primary={c.name} secondary={translate('questionBanks.files.report.questions', { count: c.count, smart_count: c.count })} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {notes.length > 0 && (
        <>
          <Typography component="h4" variant="subtitle1" id="question-file-notes">
            {translate('questionBanks.files.report.notes')}
          </Typography>
          <List dense aria-labelledby="question-file-notes" data-testid="file-import-notes">
            {notes.map((n, i) => (
              <ListItem key={`${n.number}-${i}`} disableGutters>
                <ListItemText
                  primary={translate(n.kept ? 'questionBanks.files.report.kept' : 'questionBanks.files.report.notImported', { number: n.number, title: n.title })}
                  secondary={n.reason}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
