import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GivenAnswer } from '../../../shared/calls/evaluation';

const k = (key: string) => `resources.exercises-check.given.${key}`;

/** «верно» / «неверно» in words and colour (never colour alone). */
function Verdict({ right }: { right: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={right ? 'success' : 'error'} label={translate(k(right ? 'right' : 'wrong'))} sx={{ flexShrink: 0 }} />;
}

const listSx = { m: 0, mt: 0.5, pl: 0, listStyle: 'none', '& > li': { py: 0.25 } } as const;
/** out of sight, still read */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * What the student chose, against the question's options: each choice option chosen or not and
 * whether it is a right one; each matched pair right or wrong; the items in the student's order,
 * each in its place or not. Told in words (and icons), for a screen reader as for the eye.
 */
export function GivenAnswerView({ given }: { given: GivenAnswer }) {
  const translate = useTranslate();
  if (given.kind === 'choice') {
    return (
      <Box component="ul" sx={listSx} aria-label={translate(k('choice'))} data-testid="given-choice">
        {given.options.map((o, i) => (
          <Stack component="li" key={i} direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {o.chosen ? <CheckBoxOutlined fontSize="small" aria-hidden /> : <CheckBoxOutlineBlank fontSize="small" aria-hidden />}
            <Typography variant="body2" sx={{ fontWeight: o.chosen ? 600 : 400, overflowWrap: 'anywhere' }}>
              {o.text}
              <Box component="span" sx={visuallyHidden}>{` — ${translate(k(o.chosen ? 'chosen' : 'notChosen'))}`}</Box>
            </Typography>
            {o.correct && <Chip size="small" variant="outlined" label={translate(k('correctOption'))} />}
            {o.chosen && !o.correct && <Verdict right={false} />}
          </Stack>
        ))}
      </Box>
    );
  }
  if (given.kind === 'matching') {
    return (
      <Box component="ul" sx={listSx} aria-label={translate(k('matching'))} data-testid="given-matching">
        {given.pairs.map((p, i) => (
          <Stack component="li" key={i} direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {p.option} → {p.target ?? translate(k('noTarget'))}
            </Typography>
            <Verdict right={p.correct} />
          </Stack>
        ))}
      </Box>
    );
  }
  return (
    <Box component="ol" sx={{ ...listSx, pl: 3, listStyle: 'decimal' }} aria-label={translate(k('sequence'))} data-testid="given-sequence">
      {given.items.map((item, i) => (
        <li key={i}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{item.text}</Typography>
            <Verdict right={item.correct} />
          </Stack>
        </li>
      ))}
    </Box>
  );
}
