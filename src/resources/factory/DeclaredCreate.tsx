import type { ReactNode } from 'react';
import { Create, useTranslate } from 'react-admin';
import { resourceLabel } from '../../../shared/resources/define';
import type { DeclaredScreenProps } from './DeclaredList';
import { DeclaredForm } from './DeclaredForm';
import { afterSavePath, scopeMeta, useScope } from './paths';

/**
 * The default create screen; goes to the new record's page (or back to the list) after saving.
 * `saveLabel` names what saving does (e.g. "Create an invitation").
 */
export function DeclaredCreate({ decl, paths, children, saveLabel }: DeclaredScreenProps & { children?: ReactNode; saveLabel?: string }) {
  const translate = useTranslate();
  const scope = useScope(decl);
  return (
    <Create
      resource={decl.name}
      title={translate(`resources.${decl.name}.create`, { _: translate(resourceLabel(decl)) })}
      redirect={afterSavePath(decl.name, paths, scope)}
      mutationOptions={scopeMeta(scope)}
    >
      <DeclaredForm decl={decl} paths={paths} mode="create" saveLabel={saveLabel}>{children}</DeclaredForm>
    </Create>
  );
}
