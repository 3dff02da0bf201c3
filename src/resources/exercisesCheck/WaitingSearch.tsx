import { List, ListItem, ListItemButton, ListItemText, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { evaluationCalls, type WaitingSession } from '../../../shared/calls/evaluation';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { useDebounced } from '../../ui/useDebounced';

const k = (key: string) => `resources.exercises-check.${key}`;

/** Find the work waiting in the course by student, e-mail or exercise (GET …/results/verify); a hit opens its exercise. */
export function WaitingSearch({ courseId, onPick }: { courseId: string; onPick: (w: WaitingSession) => void }) {
  const translate = useTranslate();
  const dates = useDates();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const found = useCall(evaluationCalls.waiting, search ? { query: { training: courseId, search } } : null);
  return (
    <>
      <TextField
        size="small"
        type="search"
        sx={{ mb: 1, width: 360, maxWidth: '100%' }}
        label={translate(k('search'))}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'waiting-search' } }}
      />
      {search && found.data && (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          {found.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 1.5 }}>{translate(k('noAttempts'))}</Typography>
          ) : (
            <List dense>
              {found.data.map((w) => (
                <ListItem key={w.sessionId} disablePadding>
                  <ListItemButton onClick={() => onPick(w)}>
                    <ListItemText primary={`${w.studentName} — ${w.exerciseLabel}`} secondary={w.finishedAt ? translate(k('finishedAt'), { date: dates.dateTime(w.finishedAt) }) : undefined} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </>
  );
}
