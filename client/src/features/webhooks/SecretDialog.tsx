import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog.tsx';
import type { WebhookWithSecret } from './webhook.ts';

/** A webhook's signing secret, shown this once (after create or rotate): no other answer carries it. */
export function SecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret; onClose(): void }) {
  const { t } = useTranslation();
  const texts = {
    header: t('webhooks.secretTitle', { name: webhook.name }),
    warning: t('webhooks.secretOnce'),
    label: t('webhooks.secret'),
    copy: t('webhooks.copy'),
    copied: t('webhooks.copied'),
    copyFailed: t('webhooks.copyFailed'),
    usage: t('webhooks.secretUsage'),
    done: t('webhooks.done'),
  };
  return <ShownOnceDialog id="webhook-secret" value={webhook.secret} texts={texts} onClose={onClose} />;
}
