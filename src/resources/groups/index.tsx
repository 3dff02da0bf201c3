import { groupResource } from '../../../shared/resources/groups';
import { DeclaredCreate, DeclaredEdit, resourceFromDeclaration } from '../factory';
import { GroupInputs } from './GroupInputs';
import { GroupList } from './GroupList';
import { GROUP_PATHS } from './paths';

/** Groups of a course's students: the declared list, create and edit, with the lead chosen among the course's staff. */
export const groups = resourceFromDeclaration(groupResource, {
  list: GroupList,
  create: () => <DeclaredCreate decl={groupResource} paths={GROUP_PATHS}><GroupInputs /></DeclaredCreate>,
  edit: () => <DeclaredEdit decl={groupResource} paths={GROUP_PATHS}><GroupInputs /></DeclaredEdit>,
  paths: GROUP_PATHS,
});
