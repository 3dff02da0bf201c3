// Every table of the domain, one file per area. drizzle-kit reads this file.
export * from './accounts.js';
export * from './news.js';
export * from './system.js';
export * from './content.js';
export * from './questions.js';
export * from './courses.js';
export * from './study.js';
export * from './profile.js';
export * from './communication.js';
export * from './knowledgeBase.js';
export * from './dictionaries.js';
export * from './analytics.js';
export * from './credentials.js';
export * from './lti.js';
