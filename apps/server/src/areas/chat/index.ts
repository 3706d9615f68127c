// The chat area's face: what the composition root and other areas may use (docs/architecture.md).
export { chatRoutes } from './chat.routes.js';
export { createChatService, type ChatService } from './chat.service.js';
export { attachChatRealtime } from './chat.realtime.js';
