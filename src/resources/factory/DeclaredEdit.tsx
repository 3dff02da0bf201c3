import type { ReactNode } from 'react';
import { Edit, useTranslate } from 'react-admin';
import { resourceLabel } from '../../../shared/resources/define';
import type { DeclaredScreenProps } from './DeclaredList';
import { DeclaredForm } from './DeclaredForm';
import { afterSavePath, scopeMeta, useScope } from './paths';

/**
 * The default edit screen. Pessimistic: react-admin shows the server's field errors
 * (400 `errors`) only in this mode (ARCHITECTURE §4).
 */
export function DeclaredEdit({ decl, paths, children }: DeclaredScreenProps & { children?: ReactNode }) {
  const translate = useTranslate();
  const scope = useScope(decl);
  return (
    <Edit
      resource={decl.name}
      title={translate(`resources.${decl.name}.edit`, { _: translate(resourceLabel(decl)) })}
      mutationMode="pessimistic"
      redirect={afterSavePath(decl.name, paths, scope)}
      queryOptions={scopeMeta(scope)}
      mutationOptions={scopeMeta(scope)}
    >
      <DeclaredForm decl={decl} paths={paths} mode="edit">{children}</DeclaredForm>
    </Edit>
  );
}
