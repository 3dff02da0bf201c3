/**
 * react-admin resource labels: `resources.<name>.name` and `resources.<name>.fields.<field>`.
 * Each resource adds its block here (and the same keys in ../en/resources.ts).
 */
export const resources = {};
