import type { CommandDispatcher } from '@testament/commands';
import type { ReadStore } from '@testament/infra';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { AddressPolicy } from './address-guard.ts';
import { SecretBox, WEBHOOK_SECRETS_KEY_FILE } from './secret-box.ts';
import { WebhookSender, type WebhookSenderOptions } from './webhook-sender.ts';

/** What the routes and the sender share: the secrets' key and the address policy. */
export interface Webhooks {
  secrets: SecretBox;
  policy: AddressPolicy;
  /**
   * Starts sending the outbox, in the one process that sends (the embedded server; the command service of the
   * cluster, which starts its own); absent elsewhere. Tests start it themselves, with their own clock and retry policy.
   */
  startSender?(overrides?: Partial<WebhookSenderOptions>): WebhookSender;
}

/** Private targets as the administrator allowed them; this server's own port never. */
export function addressPolicyOf(config: Config): AddressPolicy {
  return { allowPrivate: config.webhooksAllowPrivate, ownPorts: [config.port] };
}

export function openWebhooks(config: Config): Omit<Webhooks, 'startSender'> {
  return { secrets: SecretBox.inFile(join(config.dataDir, WEBHOOK_SECRETS_KEY_FILE)), policy: addressPolicyOf(config) };
}

/** The webhooks of the process that sends: its sender reads `readStore`, records through `dispatch`, and stops by `onStop`. */
export function sendingWebhooks(
  config: Config,
  readStore: ReadStore,
  dispatch: CommandDispatcher,
  onStop: (stop: () => Promise<void>) => void,
): Webhooks {
  const webhooks = openWebhooks(config);
  return {
    ...webhooks,
    startSender(overrides = {}) {
      const sender = new WebhookSender({ readStore, dispatch, ...webhooks, ...overrides });
      sender.start();
      onStop(() => sender.stop());
      return sender;
    },
  };
}
