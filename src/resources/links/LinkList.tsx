import { Box } from '@mui/material';
import { Datagrid, FunctionField, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseLinkResource } from '../../../shared/resources/courseLinks';
import { PageFrame } from '../../ui/PageFrame';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { editPath } from '../factory/paths';
import { LINK_PATHS } from './paths';

const f = (field: string) => `resources.course-links.fields.${field}`;

/** /courses/{courseId}/links: the course's link tree, in tree order and indented; create, edit, delete. */
export function LinkList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <PageFrame title={translate('resources.course-links.name')} back={`/courses/${courseId}`} plain>
      <DeclaredList decl={courseLinkResource} paths={LINK_PATHS}>
        <Datagrid rowClick={(id) => editPath(courseLinkResource.name, LINK_PATHS, id, { courseId })} bulkActionButtons={false}>
          <FunctionField source="text" label={f('text')} sortable={false} render={(l: RaRecord) => <Box sx={{ pl: 3 * Number(l.depth ?? 0) }}>{l.text}</Box>} />
          <FunctionField
            source="address"
            label={f('address')}
            sortable={false}
            sx={{ overflowWrap: 'anywhere' }}
            render={(l: RaRecord) => (l.address ? <a href={l.address} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>{l.address}</a> : '—')}
          />
          <FunctionField label="" textAlign="right" render={() => <RowDeleteButton decl={courseLinkResource} />} />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
