// The webhooks area's face (docs/webhooks.md): low in the graph, it imports no
// other area, so every area that causes an event may call `emitWebhook`.
export { emitWebhook } from './webhooks.emit.js';
export { webhookHandlers } from './webhooks.queue.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
export { webhooksRoutes } from './webhooks.routes.js';
