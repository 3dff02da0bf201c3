import { Link } from '@mui/material';
import { Datagrid, FunctionField, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ProgramRecord } from '../../../../shared/programs';
import { fieldLabel } from '../../../../shared/resources/define';
import { programResource } from '../../../../shared/resources/programs';
import { PageFrame } from '../../../ui/PageFrame';
import { columnField, DeclaredList, rowPath } from '../../factory';
import { ReadyChip } from '../common/ReadyChip';
import { programScreenPaths, programUrl } from '../common/useIds';

/**
 * /programs: the programs the caller may edit, with search and the ready filter (the declared
 * list); a row opens the program's page. The table scrolls inside its box on a narrow screen.
 */
export function ProgramList() {
  const decl = programResource;
  const translate = useTranslate();
  // its heading like the other lists' (PageFrame), not only the browser's title
  return (
    <PageFrame title={translate('resources.programs.name')} plain>
      <DeclaredList decl={decl} paths={programScreenPaths}>
        <Datagrid rowClick={rowPath(decl, programScreenPaths, {})} bulkActionButtons={false} data-testid="program-list" sx={{ overflowX: 'auto' }}>
          {decl.ui.list.columns.map((c) =>
            c.source === 'isReady' ? (
              <FunctionField key={c.source} source={c.source} label={fieldLabel(decl, c.source)} sortable={false} render={(p: ProgramRecord) => <ReadyChip isReady={p.isReady} />} />
            ) : c.source === 'label' ? (
              // a link, so a keyboard reaches the program too (a row's click is the mouse's only)
              <FunctionField
                key={c.source}
                source={c.source}
                label={fieldLabel(decl, c.source)}
                sortable={false}
                render={(p: ProgramRecord) => (
                  <Link component={RouterLink} to={programUrl(p.id)} onClick={(e) => e.stopPropagation()} underline="hover">
                    {p.label}
                  </Link>
                )}
              />
            ) : (
              columnField(decl, c)
            ),
          )}
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
