import type { ReactNode } from 'react';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, useRedirect } from 'react-admin';
import type { ResourceDeclaration } from '../../../shared/resources/define';
import { fieldKind, formInputs, offers } from '../../../shared/resources/define';
import { useDeletedToast } from './DeclaredList';
import { formInput } from './inputs';
import { listPath, scopeMeta, useScope, type ResourcePaths } from './paths';
import { zodFormResolver } from './zodFormResolver';

/** Save, and Delete only when the API offers it (the spec has no delete for News). */
function FormToolbar({ decl, paths, mode, saveLabel }: { decl: ResourceDeclaration; paths?: ResourcePaths; mode: 'create' | 'edit'; saveLabel?: string }) {
  const scope = useScope(decl);
  const redirect = useRedirect();
  const deleted = useDeletedToast(decl);
  const list = listPath(decl.name, paths, scope);
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {/* a new record may be saved as the form starts (its defaults can be enough, e.g. a generated code): the schema checks it */}
      <SaveButton label={saveLabel} alwaysEnable={mode === 'create'} />
      {mode === 'edit' && offers(decl, 'delete') && (
        <DeleteButton
          mutationMode="pessimistic"
          redirect={list}
          mutationOptions={{
            ...scopeMeta(scope),
            onSuccess: () => {
              deleted();
              redirect(list);
            },
          }}
        />
      )}
    </Toolbar>
  );
}

/** The declared inputs, validated by the declared schema (the same one the server uses). */
export function DeclaredForm({
  decl,
  paths,
  mode,
  children,
  saveLabel,
}: {
  decl: ResourceDeclaration;
  paths?: ResourcePaths;
  mode: 'create' | 'edit';
  children?: ReactNode;
  saveLabel?: string;
}) {
  const schema = mode === 'create' ? decl.schema.create : decl.schema.update;
  const fields = formInputs(decl).filter((f) => mode === 'edit' || fieldKind(decl, f) !== 'dateTime' || f in schema.shape);
  return (
    <SimpleForm resolver={zodFormResolver(schema)} toolbar={<FormToolbar decl={decl} paths={paths} mode={mode} saveLabel={saveLabel} />} sx={{ maxWidth: 960 }}>
      {children ?? fields.map((f) => formInput(decl, f))}
    </SimpleForm>
  );
}
