import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback for tests: records every request and answers with the next of `statuses` (the last
 * one once they run out). `onRequest` runs before the answer, so a test can stop the sender in between.
 */
export async function startReceiver(statuses: number[] = [200], onRequest?: (received: ReceivedDelivery) => Promise<void> | void) {
  const received: ReceivedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(delivery);
      await onRequest?.(delivery);
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
