import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The program's courses to check as course constraints (the item shows only in the chosen ones). */
export function CourseChoices({ courses, chosen, onChange }: { courses: { id: number; label: string }[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  const translate = useTranslate();
  if (courses.length === 0) return <Typography color="text.secondary" data-testid="empty">{translate('resources.programs.messages.noCourses')}</Typography>;
  return (
    <Box>
      {courses.map((c) => (
        <FormControlLabel
          key={c.id}
          sx={{ display: 'flex' }}
          control={<Checkbox checked={chosen.includes(c.id)} onChange={(e) => onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))} />}
          label={c.label}
        />
      ))}
    </Box>
  );
}
