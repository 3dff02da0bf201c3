// One validator of profile attributes, shared by the client's renderer and the server (spec 2 §4-§6).
export * from './definition';
export * from './validate';
export * from './chains';
export * from './messages';
export * from './sources';
