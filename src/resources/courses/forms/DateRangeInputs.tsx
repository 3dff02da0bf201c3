import { Grid } from '@mui/material';
import { DateInput } from 'react-admin';

/** Two dates side by side (one above the other on a phone): a start and an end. */
export function DateRangeInputs({ from, to, label }: { from: string; to: string; label: (field: string) => string }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateInput source={from} label={label(from)} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateInput source={to} label={label(to)} fullWidth />
      </Grid>
    </Grid>
  );
}
