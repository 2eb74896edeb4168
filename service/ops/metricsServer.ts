// /metrics on a listener of its own (METRICS_PORT, on METRICS_HOST, loopback by default), never on
// the API's port: the balancer does not route to it and the API's clients never see it, so it
// needs no credential of its own. Whoever can reach that port (the machine, or the network the
// operator opens it to) reads counts and sizes, never a token or a row.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listenForMetrics(registry: Registry, host: string, port: number): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      // The reason may name the database's host: it stays out of the answer.
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
