import { Alert } from '@mui/material';
import { useTranslate } from '../../../app';
import { viewerKey } from './content';

/** A media slide whose file is not there (not uploaded yet, or removed). */
export function NoFile() {
  const translate = useTranslate();
  return <Alert severity="info" data-testid="slide-no-file">{translate(viewerKey('noFile'))}</Alert>;
}
