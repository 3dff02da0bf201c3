import { Box, Typography } from '@mui/material';

/** One fact of a page: its test id's suffix, its name and its value. */
export type Fact = [id: string, name: string, value: string | number];

/** The hello and final pages' facts: a name and its value per line (`{testIdPrefix}-{id}` on the value). */
export function Facts({ facts, testIdPrefix, strong = false }: { facts: Fact[]; testIdPrefix: string; strong?: boolean }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}>
      {facts.map(([id, name, value]) => (
        <Box key={id} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{name}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 600 : undefined, overflowWrap: 'anywhere' }} data-testid={`${testIdPrefix}-${id}`}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
