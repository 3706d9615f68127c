import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AppDeps } from './deps.js';
/**
 * socket.io on the API's own server. A browser connects with its username and
 * token; it joins a room of its own so pushes reach the user on any tab.
 */
export declare function attachRealtime(server: HttpServer, deps: AppDeps): Server;
