import type { ResourceProps } from 'react-admin';

/**
 * The admin resources App.tsx declares as <Resource>s (ARCHITECTURE §4: one folder each,
 * its index exporting { name, list, edit, create, show, icon, recordRepresentation }).
 * A resource's path is `/<name>`; the shared permission table guards it like any page.
 */
export type ResourceEntry = ResourceProps;

export const resources: ResourceEntry[] = [];
