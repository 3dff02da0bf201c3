import { Alert } from '@mui/material';
import { useTranslate } from '../../../app';

/** A question the player cannot show (spec 3 §8.12: the type errors, raised without a call). */
export function UnknownKind({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" data-testid="question-unknown">
      {translate(message)}
    </Alert>
  );
}
