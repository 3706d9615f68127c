import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { resolveSession } from './auth.js';
import type { AppDeps } from './deps.js';

/**
 * socket.io on the API's own server. A browser connects with its username and
 * token; it joins a room of its own so pushes reach the user on any tab.
 */
export function attachRealtime(server: HttpServer, deps: AppDeps): Server {
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  io.use((socket, next) => {
    const { username, token } = (socket.handshake.auth ?? {}) as {
      username?: unknown;
      token?: unknown;
    };
    if (typeof username !== 'string' || typeof token !== 'string')
      return next(new Error('Please sign in'));
    resolveSession(deps, token, username.toLowerCase())
      .then((user) => {
        if (!user) return next(new Error('Please sign in'));
        socket.data.userId = user.id;
        void socket.join(`user:${user.id}`);
        next();
      })
      .catch(next);
  });
  return io;
}
