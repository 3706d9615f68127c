// The tasks area's face: what the composition root may use (docs/architecture.md).
export { tasksRoutes } from './tasks.routes.js';
export { createTasksService, type TasksService } from './tasks.service.js';
export { attachTasksRealtime } from './tasks.realtime.js';
