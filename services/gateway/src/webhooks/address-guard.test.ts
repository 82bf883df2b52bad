import { webhookMessages } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { checkAddress, vetWebhookUrl, type AddressPolicy, type Resolver } from './address-guard.ts';
import { nextAttemptAt } from './retry-policy.ts';
import { SecretBox } from './secret-box.ts';
import { signatureOf } from './signature.ts';

const strict: AddressPolicy = { allowPrivate: false, ownPorts: [8000] };
const allowing: AddressPolicy = { allowPrivate: true, ownPorts: [8000] };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'allowed';
};

describe('the webhook address guard', () => {
  it('lets only public unicast addresses through by default, IPv4-mapped and NAT64 forms read as what they carry', () => {
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect(refusal(() => checkAddress(address, 443, strict))).toBe('allowed');
    const refused = [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
    ];
    for (const address of refused)
      expect(
        refusal(() => checkAddress(address, 443, strict)),
        address,
      ).not.toBe('allowed');
  });

  it('opens loopback, private and CGNAT addresses to an administrator’s allowance, but not link-local nor this server’s port', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd12::1', '100.64.0.1'])
      expect(
        refusal(() => checkAddress(address, 9000, allowing)),
        address,
      ).toBe('allowed');
    for (const address of ['169.254.169.254', 'fe80::1', '224.0.0.1'])
      expect(
        refusal(() => checkAddress(address, 9000, allowing)),
        address,
      ).toBe(webhookMessages.privateAddress);
    for (const address of ['127.0.0.1', '::1', '0.0.0.0', '::ffff:127.0.0.1'])
      expect(
        refusal(() => checkAddress(address, 8000, allowing)),
        address,
      ).toBe(webhookMessages.ownAddress);
  });

  it('refuses a name if any address it resolves to is refused, and connects to the address it checked', async () => {
    const rebinding: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(vetWebhookUrl('https://sneaky.example/', strict, rebinding)).rejects.toThrow(webhookMessages.privateAddress);
    const publicOnly: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    expect(await vetWebhookUrl('https://fine.example:8443/hook', strict, publicOnly)).toMatchObject({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(vetWebhookUrl('https://gone.example/', strict, async () => [])).rejects.toThrow(
      webhookMessages.unresolvable('gone.example'),
    );
    await expect(vetWebhookUrl('file:///etc/passwd', strict, publicOnly)).rejects.toThrow(webhookMessages.invalidUrl);
    await expect(vetWebhookUrl('http://[::1]/', allowing)).resolves.toMatchObject({ address: '::1', family: 6 });
  });
});

describe('retries, secrets and signatures', () => {
  it('wait twice as long after each failure, spread ±25 %, and give up after the last attempt', () => {
    const policy = { maxAttempts: 10, firstDelayMs: 150_000, leaseMs: 60_000 };
    const now = new Date('2026-01-01T00:00:00.000Z');
    const wait = (attempt: number, random: number) => Date.parse(nextAttemptAt(attempt, now, policy, random)!) - now.getTime();
    expect([1, 2, 3, 9].map((attempt) => wait(attempt, 0.5))).toEqual([150_000, 300_000, 600_000, 150_000 * 256]);
    expect([wait(1, 0), wait(1, 0.999_999)]).toEqual([112_500, 187_500]);
    expect(nextAttemptAt(10, now, policy, 0.5)).toBeNull();
    const total = Array.from({ length: 9 }, (_, index) => wait(index + 1, 0.5)).reduce((sum, ms) => sum + ms, 0);
    expect(total / 3_600_000).toBeCloseTo(21.3, 1);
  });

  it('seal secrets so only the key opens them, and sign "<timestamp>.<body>"', () => {
    const box = SecretBox.withKey(Buffer.alloc(32, 7));
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => SecretBox.withKey(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    // The example of docs/webhooks.md: HMAC-SHA256 of "1700000000.{}" under "secret".
    expect(signatureOf('secret', 1_700_000_000, '{}')).toBe('sha256=b8569b78799ff9e3cbff0fc2d63a33a2b57f3282abd07c37ae5e8e7d79a5f163');
  });
});
