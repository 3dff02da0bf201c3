import { Button } from '@mui/material';
import { useTranslate } from '../app';
import { ButtonAction, ErrorPage, reloadPage } from './ErrorPage';

/**
 * The generic error boundary page 'Произошла ошибка' with Try again and a back-home link.
 * A plain anchor goes home so the page works even where the router itself failed.
 */
export function BoundaryErrorPage({ onRetry = reloadPage }: { onRetry?: () => void }) {
  const translate = useTranslate();
  return (
    <ErrorPage
      title={translate('app.errors.boundary.title')}
      text={translate('app.errors.boundary.text')}
      actions={
        <>
          <ButtonAction onClick={onRetry} label="app.common.tryAgain" primary />
          <Button href="/" variant="outlined">
            {translate('app.common.backHome')}
          </Button>
        </>
      }
    />
  );
}
