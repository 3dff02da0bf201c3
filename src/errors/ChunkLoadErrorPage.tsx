import SystemUpdateAlt from '@mui/icons-material/SystemUpdateAlt';
import { useTranslate } from '../app';
import { ButtonAction, ErrorPage, reloadPage } from './ErrorPage';

/** The platform was updated while the page was open: a part of the app could not load. */
export function ChunkLoadErrorPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      icon={<SystemUpdateAlt color="primary" sx={{ fontSize: 64 }} />}
      title={translate('app.errors.chunk.title')}
      text={translate('app.errors.chunk.text')}
      actions={<ButtonAction onClick={reloadPage} label="app.common.reload" primary />}
    />
  );
}
