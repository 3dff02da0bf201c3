import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The course's exports to the CRM and their queue (spec 1 §2.9). */
export const crmExportRoutes: ScreenRoute[] = [['/courses/:courseId/export-to-crm/task-queue', lazy(() => import('./CrmExportQueue'))]];
