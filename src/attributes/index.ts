// One renderer of profile attributes (the 14 types of spec 2 §4) over the shared validator.
export { AttributeField } from './AttributeField';
export { AttributeFields } from './AttributeFields';
export { AttributeUploadContext } from './FileAttributeInput';
export { draftOf, useAttributeForm, type AttributeFormState, type Draft } from './formState';
