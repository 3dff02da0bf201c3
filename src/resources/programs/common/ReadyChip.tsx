import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A program's state: ready to be run by courses, or a draft. */
export function ReadyChip({ isReady }: { isReady: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" color={isReady ? 'success' : 'default'} label={translate(isReady ? 'resources.programs.ready' : 'resources.programs.draft')} />;
}
