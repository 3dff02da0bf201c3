export { newsRoutes } from './routes.js';
export * as newsService from './service.js';
