// Every table of the domain, one file per area. drizzle-kit reads this file.
export * from './accounts.js';
export * from './news.js';
