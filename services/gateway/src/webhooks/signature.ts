import { createHmac } from 'node:crypto';

/** The version of the payloads and headers (docs/webhooks.md), in `User-Agent: Testament-Webhooks/<version>`. */
export const WEBHOOKS_VERSION = '1';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the webhook's secret: what `X-Testament-Signature` carries. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt of a delivery; the timestamp is the attempt's, in Unix seconds. */
export function deliveryHeaders(delivery: { id: string; event: string }, secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': `Testament-Webhooks/${WEBHOOKS_VERSION}`,
    'x-testament-delivery': delivery.id,
    'x-testament-event': delivery.event,
    'x-testament-timestamp': String(timestamp),
    'x-testament-signature': signatureOf(secret, timestamp, body),
  };
}
