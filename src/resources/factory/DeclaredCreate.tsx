import type { ReactNode } from 'react';
import { Create, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { resourceLabel } from '../../../shared/resources/define';
import { useSavedToast } from '../../ui/savedToast';
import type { DeclaredScreenProps } from './DeclaredList';
import { DeclaredForm } from './DeclaredForm';
import { PageFrame } from '../../ui/PageFrame';
import { afterSavePath, listPath, scopeMeta, useScope } from './paths';

/**
 * The default create screen; goes to the new record's page (or back to the list) after saving,
 * with a toast that names it (`resources.<name>.notifications.created`, src/ui/savedToast.ts).
 * `saveLabel` names what saving does (e.g. "Create an invitation").
 */
export function DeclaredCreate({ decl, paths, children, saveLabel }: DeclaredScreenProps & { children?: ReactNode; saveLabel?: string }) {
  const translate = useTranslate();
  const scope = useScope(decl);
  const redirect = useRedirect();
  const toast = useSavedToast();
  const after = afterSavePath(decl.name, paths, scope);
  const onSuccess = (record: RaRecord) => {
    toast(`resources.${decl.name}.notifications.created`, 'created', decl.ui.recordRepresentation ? record[decl.ui.recordRepresentation] : undefined);
    redirect(after(decl.name, record.id), decl.name, record.id, record);
  };
  const title = translate(`resources.${decl.name}.create`, { _: translate(resourceLabel(decl)) });
  // its heading like every screen's (PageFrame: it takes focus when the screen arrives)
  return (
    <PageFrame title={title} back={listPath(decl.name, paths, scope)} plain>
      <Create resource={decl.name} title={title} redirect={after} mutationOptions={{ ...scopeMeta(scope), onSuccess }}>
        <DeclaredForm decl={decl} paths={paths} mode="create" saveLabel={saveLabel}>{children}</DeclaredForm>
      </Create>
    </PageFrame>
  );
}
