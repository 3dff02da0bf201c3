import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  BulkDeleteButton,
  Datagrid,
  DeleteButton,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
  useCanAccess,
  type ListProps,
  useListContext,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { ResourceDeclaration } from '../../../shared/resources/define';
import { offers, resourceLabel } from '../../../shared/resources/define';
import { columnField } from './fields';
import { filterInput } from './inputs';
import { PageState } from '../../ui/PageState';
import { useSavedToast } from '../../ui/savedToast';
import { createPath, editPath, scopeMeta, showPath, useScope, type ResourcePaths } from './paths';

export interface DeclaredScreenProps {
  decl: ResourceDeclaration;
  paths?: ResourcePaths;
}

/** A Create button to the resource's create path (react-admin's CreateButton only knows /<name>/create). */
export function CreatePathButton({ decl, paths }: DeclaredScreenProps) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? decl.name;
  const { canAccess } = useCanAccess({ action: 'create', resource });
  const scope = useScope(decl);
  if (canAccess === false) return null;
  return (
    <Button component={Link} to={createPath(decl.name, paths, scope)} startIcon={<AddIcon />} size="small">
      {translate(`resources.${decl.name}.actions.create`, { _: translate('ra.action.create') })}
    </Button>
  );
}

/** The toast of a deleted record, naming it (src/ui/savedToast.ts). */
export function useDeletedToast(decl: ResourceDeclaration) {
  const record = useRecordContext();
  const toast = useSavedToast();
  return () => toast(`resources.${decl.name}.notifications.deleted`, 'deleted', decl.ui.recordRepresentation && record ? record[decl.ui.recordRepresentation] : undefined);
}

/** Delete the row's record (pessimistic: the server's refusal shows), within the resource's scope. */
export function RowDeleteButton({ decl }: { decl: ResourceDeclaration }) {
  const scope = useScope(decl);
  const deleted = useDeletedToast(decl);
  return <DeleteButton mutationMode="pessimistic" redirect={false} mutationOptions={{ ...scopeMeta(scope), onSuccess: deleted }} />;
}

function ListActions({ decl, paths, hasFilters, extra }: DeclaredScreenProps & { hasFilters: boolean; extra?: ReactNode }) {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {hasFilters && <FilterButton />}
      {offers(decl, 'create') && <CreatePathButton decl={decl} paths={paths} />}
      {extra}
    </TopToolbar>
  );
}

function Empty({ decl, paths, extra }: DeclaredScreenProps & { extra?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid="list-empty">
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {translate(`resources.${decl.name}.empty`, { _: translate('ra.page.empty', { name: translate(resourceLabel(decl)) }) })}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 1 }}>
        {offers(decl, 'create') && <CreatePathButton decl={decl} paths={paths} />}
        {extra}
      </Box>
    </Box>
  );
}

/** A failed load: what failed (`resources.<name>.loadError`), the server's reason, a retry. */
function ListError({ decl }: DeclaredScreenProps) {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  return (
    <PageState isPending={false} error={error} refetch={refetch} errorTitle={translate(`resources.${decl.name}.loadError`, { _: translate('app.common.loadError') })}>
      {null}
    </PageState>
  );
}

/** Where a row opens: the record's page when the resource has one at its paths, else its edit screen. */
export function rowPath(decl: ResourceDeclaration, paths: ResourcePaths | undefined, scope: Record<string, string | number>) {
  if (paths?.show) return (id: string | number) => showPath(decl.name, paths, id, scope);
  return offers(decl, 'update') ? (id: string | number) => editPath(decl.name, paths, id, scope) : false;
}

/**
 * The default list: the declared columns, filters, sort and page size. `children` replaces the
 * Datagrid, `actions` adds buttons beside Create, `filters` replaces the declared filters' default
 * inputs (e.g. a select whose choices are loaded); any other react-admin List prop (title, empty,
 * queryOptions …) changes that one part.
 */
export function DeclaredList({
  decl,
  paths,
  children,
  actions,
  title,
  filters: filterInputs,
  queryOptions,
  ...listProps
}: DeclaredScreenProps & { children?: ReactNode; actions?: ReactNode; filters?: ReactElement[] } & Omit<ListProps, 'children' | 'resource' | 'actions' | 'filters'>) {
  const filters = filterInputs ?? (decl.ui.list.filters ?? []).map((f) => filterInput(decl, f));
  const scope = useScope(decl);
  return (
    <List
      resource={decl.name}
      queryOptions={{ ...queryOptions, ...scopeMeta(scope) }}
      // a scoped list (a course's records) keeps its filters and page to itself
      storeKey={Object.keys(scope).length ? `${decl.name}.${Object.values(scope).join('.')}` : undefined}
      title={title ?? resourceLabel(decl)}
      sort={decl.ui.list.sort}
      perPage={decl.ui.list.perPage ?? 20}
      filters={filters.length ? filters : undefined}
      actions={<ListActions decl={decl} paths={paths} hasFilters={(decl.ui.list.filters ?? []).some((f) => !f.alwaysOn)} extra={actions} />}
      empty={<Empty decl={decl} paths={paths} extra={actions} />}
      error={<ListError decl={decl} paths={paths} />}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      {...listProps}
    >
      {children ?? (
        <Datagrid
          rowClick={rowPath(decl, paths, scope)}
          // a scoped resource's records are deleted within its scope (the course of the route)
          bulkActionButtons={offers(decl, 'delete') ? <BulkDeleteButton mutationMode="pessimistic" mutationOptions={scopeMeta(scope)} /> : false}
        >
          {decl.ui.list.columns.map((c) => columnField(decl, c))}
        </Datagrid>
      )}
    </List>
  );
}
