import { courseLinkResource } from '../../../shared/resources/courseLinks';
import { DeclaredCreate, DeclaredEdit, resourceFromDeclaration } from '../factory';
import { LinkInputs } from './LinkInputs';
import { LinkList } from './LinkList';
import { LINK_PATHS } from './paths';

/** Links of a course: the declared list (a tree), create and edit with the parent chosen among the course's links. */
export const links = resourceFromDeclaration(courseLinkResource, {
  list: LinkList,
  create: () => <DeclaredCreate decl={courseLinkResource} paths={LINK_PATHS}><LinkInputs /></DeclaredCreate>,
  edit: () => <DeclaredEdit decl={courseLinkResource} paths={LINK_PATHS}><LinkInputs /></DeclaredEdit>,
  paths: LINK_PATHS,
});
