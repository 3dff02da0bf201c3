import { Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from '../../app';
import { MAX_SHORTCUTS, useQuickAccess } from '../../layout/quickAccess';
import { useAccount } from '../../layout/useAccount';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSaveShortcuts } from './useSaveShortcuts';

const k = (key: string) => `resources.quickAccess.${key}`;
export const SORT_PATH = '/courses/quick-access-toolbar-setting/sort';

/** /courses/quick-access-toolbar-setting (spec 1 §2.9): which menu screens the header's toolbar offers. */
export default function QuickAccessSettingPage() {
  const translate = useTranslate();
  const hint = useId();
  const { principal } = useAccount();
  const { available, chosen, isPending, error, refetch, save } = useQuickAccess(principal);
  const [picked, setPicked] = useState<string[]>([]);
  const stored = chosen.map((e) => e.key).join(',');
  useEffect(() => setPicked(stored ? stored.split(',') : []), [stored]);
  const { saving, run } = useSaveShortcuts(save);
  const toggle = (key: string, on: boolean) => setPicked((p) => (on ? [...p, key] : p.filter((x) => x !== key)));
  const full = picked.length >= MAX_SHORTCUTS;
  return (
    <PageFrame title={translate(k('title'))}>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(k('loadError'))}>
        <Typography sx={{ mb: 1 }}>{translate(k('intro'))}</Typography>
        <FormGroup aria-describedby={hint} role="group" aria-label={translate(k('shortcuts'))} data-testid="quick-access-choices">
          {available.map((e) => {
            const on = picked.includes(e.key);
            return (
              <FormControlLabel
                key={e.key}
                control={<Checkbox checked={on} disabled={!on && full} onChange={(_, v) => toggle(e.key, v)} />}
                label={translate(`app.menu.${e.key}`)}
              />
            );
          })}
        </FormGroup>
        <FormHelperText id={hint}>{translate(k('limit'), { count: MAX_SHORTCUTS })}</FormHelperText>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" disabled={saving} onClick={() => run(picked)} data-testid="quick-access-save">
            {translate(k('save'))}
          </Button>
          <Button component={Link} to={SORT_PATH} data-testid="quick-access-sort-link">
            {translate(k('sortLink'))}
          </Button>
        </Stack>
      </PageState>
    </PageFrame>
  );
}
