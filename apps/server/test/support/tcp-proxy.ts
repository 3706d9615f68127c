import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 to `target` that a test can cut (every connection
 * dropped, new ones refused) and restore on the same port: a database that
 * goes away for one process only.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((inbound) => {
        const outbound = net.connect(target.port, target.host);
        for (const sock of [inbound, outbound]) {
          open.add(sock);
          sock.on('close', () => open.delete(sock));
          sock.on('error', () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    port: () => port,
    /** Drops every connection and refuses new ones. */
    async cut() {
      const s = server;
      server = null;
      for (const sock of open) sock.destroy();
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    /** Accepts connections again, on the same port. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
