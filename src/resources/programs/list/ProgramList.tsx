import { Datagrid, FunctionField } from 'react-admin';
import type { ProgramRecord } from '../../../../shared/programs';
import { fieldLabel } from '../../../../shared/resources/define';
import { programResource } from '../../../../shared/resources/programs';
import { columnField, DeclaredList, rowPath } from '../../factory';
import { ReadyChip } from '../common/ReadyChip';
import { programScreenPaths } from '../common/useIds';

/**
 * /programs: the programs the caller may edit, with search and the ready filter (the declared
 * list); a row opens the program's page. The table scrolls inside its box on a narrow screen.
 */
export function ProgramList() {
  const decl = programResource;
  return (
    <DeclaredList decl={decl} paths={programScreenPaths}>
      <Datagrid rowClick={rowPath(decl, programScreenPaths, {})} bulkActionButtons={false} data-testid="program-list" sx={{ overflowX: 'auto' }}>
        {decl.ui.list.columns.map((c) =>
          c.source === 'isReady' ? (
            <FunctionField key={c.source} source={c.source} label={fieldLabel(decl, c.source)} sortable={false} render={(p: ProgramRecord) => <ReadyChip isReady={p.isReady} />} />
          ) : (
            columnField(decl, c)
          ),
        )}
      </Datagrid>
    </DeclaredList>
  );
}
