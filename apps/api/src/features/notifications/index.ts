/** What other features may use of notifications: the routes (app.ts) and the event subscriber (jobs/handlers.ts). */
export { notificationsRoutes } from './notifications.routes.ts';
export { notify } from './notify.ts';
