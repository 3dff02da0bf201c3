import { useTranslate } from '../app';
import { ErrorPage, LinkAction } from './ErrorPage';

/** Unknown addresses (spec 1 §2.1): the catch-all route. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      testId="not-found"
      code="404"
      title={translate('app.errors.notFound.title')}
      text={translate('app.errors.notFound.text')}
      actions={<LinkAction to="/" label="app.common.backHome" />}
    />
  );
}
