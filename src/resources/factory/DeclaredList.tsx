import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Datagrid,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
  useCanAccess,
  type ListProps,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { ResourceDeclaration } from '../../../shared/resources/define';
import { offers, resourceLabel } from '../../../shared/resources/define';
import { columnField } from './fields';
import { filterInput } from './inputs';
import { createPath, editPath, scopeMeta, useScope, type ResourcePaths } from './paths';

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
      {translate('ra.action.create')}
    </Button>
  );
}

function ListActions({ decl, paths, hasFilters }: DeclaredScreenProps & { hasFilters: boolean }) {
  return (
    <TopToolbar>
      {hasFilters && <FilterButton />}
      {offers(decl, 'create') && <CreatePathButton decl={decl} paths={paths} />}
    </TopToolbar>
  );
}

function Empty({ decl, paths }: DeclaredScreenProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid="list-empty">
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {translate(`resources.${decl.name}.empty`, { _: translate('ra.page.empty', { name: translate(resourceLabel(decl)) }) })}
      </Typography>
      {offers(decl, 'create') && <CreatePathButton decl={decl} paths={paths} />}
    </Box>
  );
}

/**
 * The default list: the declared columns, filters, sort and page size. An override may pass
 * react-admin's own List props (title, filters, empty, queryOptions …) to change one part.
 */
export function DeclaredList({ decl, paths, children, queryOptions, ...listProps }: DeclaredScreenProps & { children?: ReactNode } & Omit<ListProps, 'children' | 'resource'>) {
  const filters = (decl.ui.list.filters ?? []).map((f) => filterInput(decl, f));
  const scope = useScope(decl);
  return (
    <List
      resource={decl.name}
      queryOptions={{ ...queryOptions, ...scopeMeta(scope) }}
      // a scoped list (a course's records) keeps its filters and page to itself
      storeKey={Object.keys(scope).length ? `${decl.name}.${Object.values(scope).join('.')}` : undefined}
      title={resourceLabel(decl)}
      sort={decl.ui.list.sort}
      perPage={decl.ui.list.perPage ?? 20}
      filters={filters.length ? filters : undefined}
      actions={<ListActions decl={decl} paths={paths} hasFilters={(decl.ui.list.filters ?? []).some((f) => !f.alwaysOn)} />}
      empty={<Empty decl={decl} paths={paths} />}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      {...listProps}
    >
      {children ?? (
        <Datagrid
          rowClick={offers(decl, 'update') ? (id) => editPath(decl.name, paths, id, scope) : false}
          bulkActionButtons={offers(decl, 'delete') ? undefined : false}
        >
          {decl.ui.list.columns.map((c) => columnField(decl, c))}
        </Datagrid>
      )}
    </List>
  );
}
