import type { ReactNode } from 'react';
import { Edit, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { resourceLabel } from '../../../shared/resources/define';
import { useSavedToast } from '../../ui/savedToast';
import type { DeclaredScreenProps } from './DeclaredList';
import { DeclaredForm } from './DeclaredForm';
import { PageFrame } from '../../ui/PageFrame';
import { afterSavePath, listPath, scopeMeta, useScope } from './paths';

/**
 * The default edit screen. Pessimistic: react-admin shows the server's field errors
 * (400 `errors`) only in this mode (ARCHITECTURE §4). The toast names what was saved.
 */
export function DeclaredEdit({ decl, paths, children }: DeclaredScreenProps & { children?: ReactNode }) {
  const translate = useTranslate();
  const scope = useScope(decl);
  const redirect = useRedirect();
  const toast = useSavedToast();
  const after = afterSavePath(decl.name, paths, scope);
  const onSuccess = (record: RaRecord) => {
    toast(`resources.${decl.name}.notifications.updated`, 'updated', decl.ui.recordRepresentation ? record[decl.ui.recordRepresentation] : undefined);
    redirect(after(decl.name, record.id), decl.name, record.id, record);
  };
  const title = translate(`resources.${decl.name}.edit`, { _: translate(resourceLabel(decl)) });
  // its heading like every screen's (PageFrame: it takes focus when the screen arrives)
  return (
    <PageFrame title={title} back={listPath(decl.name, paths, scope)} plain>
      <Edit
        resource={decl.name}
        title={title}
        mutationMode="pessimistic"
        redirect={after}
        queryOptions={scopeMeta(scope)}
        mutationOptions={{ ...scopeMeta(scope), onSuccess }}
      >
        <DeclaredForm decl={decl} paths={paths} mode="edit">{children}</DeclaredForm>
      </Edit>
    </PageFrame>
  );
}
