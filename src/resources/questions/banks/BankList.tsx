import { Box, Button } from '@mui/material';
import { Datagrid, FunctionField, useListContext, useTranslate, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { QuestionKind } from '../../../../shared/questions';
import { closedQuestionAnswers, questionBanks } from '../../../../shared/resources/questions';
import { PageState } from '../../../ui/PageState';
import { TableScroll } from '../../../ui/TableScroll';
import { DeclaredList } from '../../factory/DeclaredList';
import { editPath, listPath } from '../../factory/paths';
import { filterInput } from '../../factory/inputs';
import { DropButton } from '../common/DropButton';
import { ProgramFilter } from '../common/ProgramInput';
import { usePrograms } from '../common/programs';
import { WhereUsedButton } from '../common/WhereUsed';
import { answerPaths, bankPaths } from '../paths';
import { bankColumns, type BankRow } from './columns';

/** A row's buttons: the answers (closed questions), edit, where used, delete. */
function RowActions({ kind }: { kind: QuestionKind; label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext<BankRow>();
  const decl = questionBanks[kind];
  if (!record) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
      {kind === 'closed' && (
        <Button size="small" component={Link} to={listPath(closedQuestionAnswers.name, answerPaths, { questionId: record.id })}>
          {translate('questionBanks.actions.answers')}
        </Button>
      )}
      <Button size="small" component={Link} to={editPath(decl.name, bankPaths(kind), record.id)}>
        {translate('ra.action.edit')}
      </Button>
      <WhereUsedButton kind={kind} id={record.id} />
      <DropButton resource={decl.name} record={record} />
    </Box>
  );
}

/** The rows of a bank, with the load, error (retry) and empty states of the UI kit. */
function BankRows({ kind }: { kind: QuestionKind }) {
  const translate = useTranslate();
  const programs = usePrograms();
  const { isPending, error, refetch, total, filterValues } = useListContext<BankRow>();
  const decl = questionBanks[kind];
  const filtered = Object.values(filterValues ?? {}).some((v) => v !== undefined && v !== null && v !== '');
  const programLabel = (id: number | null) =>
    id === null ? translate('questionBanks.shared') : (programs.data?.find((p) => p.id === id)?.label ?? `#${id}`);
  return (
    <PageState
      isPending={isPending}
      error={error}
      refetch={refetch}
      isEmpty={total === 0}
      emptyText={translate(filtered ? 'questionBanks.messages.nothingFound' : `questionBanks.messages.empty_${kind}`)}
    >
      <TableScroll data-testid="question-list">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="questionBanks.fields.label"
            sortable={false}
            render={(r: BankRow) => <Link to={editPath(decl.name, bankPaths(kind), r.id)}>{r.label}</Link>}
          />
          <FunctionField label="questionBanks.fields.courseId" sortable={false} render={(r: BankRow) => programLabel(r.courseId)} />
          {bankColumns(kind, translate)}
          <RowActions kind={kind} label="questionBanks.fields.actions" />
        </Datagrid>
      </TableScroll>
    </PageState>
  );
}

/**
 * One bank: the declared resource's list (react-admin List through the dataProvider) with its
 * search and program filters. Filters and page are kept per bank while the session lasts.
 */
export function BankList({ kind }: { kind: QuestionKind }) {
  const decl = questionBanks[kind];
  const filters = (decl.ui.list.filters ?? []).map((f) =>
    f.source === 'programId' ? <ProgramFilter key={f.source} source={f.source} alwaysOn /> : filterInput(decl, f),
  );
  return (
    <DeclaredList
      decl={decl}
      paths={bankPaths(kind)}
      title={false}
      filters={filters}
      empty={false}
      disableSyncWithLocation
      storeKey={`${decl.name}.bank`}
      // the rows show a failure in place, with a retry
      queryOptions={{ onError: () => undefined }}
    >
      <BankRows kind={kind} />
    </DeclaredList>
  );
}
