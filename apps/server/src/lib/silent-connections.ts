import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's `server.close()` closes idle keep-alive connections, but waits for one that was opened
 * and has not sent a byte (a browser's preconnect, an HTTP client's spare connection) until its
 * headers timeout: a minute, longer than the shutdown's deadline. Returns the function to call
 * as the server starts closing: it closes the connections that are still silent, and any that
 * open after it. A connection that has begun a request is left to finish it.
 */
export function trackSilentConnections(server: Server): () => void {
  const sockets = new Set<Socket>();
  let isClosing = false;
  server.on('connection', (socket: Socket) => {
    if (isClosing) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () => {
    isClosing = true;
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };
}
