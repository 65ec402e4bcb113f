/** Live notices (ADR 008): the process's LISTEN, started by app.ts, and the dashboards' event stream. */

export { liveRoutes } from './live.routes.ts';
export { startLiveNotices } from './live.service.ts';
