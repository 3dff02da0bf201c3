export { resourceFromDeclaration, type DeclaredResource, type ResourceEntry, type ResourceOverrides, type ResourceRoute } from './resourceFromDeclaration';
export { DeclaredList, CreatePathButton, rowPath, type DeclaredScreenProps } from './DeclaredList';
export { DeclaredEdit } from './DeclaredEdit';
export { DeclaredCreate } from './DeclaredCreate';
export { DeclaredForm } from './DeclaredForm';
export { columnField, isSortable, DateText } from './fields';
export { formInput, filterInput } from './inputs';
export { zodFormResolver, issueMessage } from './zodFormResolver';
export { editPath, createPath, listPath, showPath, type ResourcePaths } from './paths';
