import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog.tsx';
import type { ApiToken } from './api-token.ts';

/** The new key, shown this once: the server keeps only its hash. */
export function TokenKeyDialog({ token, onClose }: { token: ApiToken; onClose(): void }) {
  const { t } = useTranslation();
  const texts = {
    header: t('tokens.keyTitle'),
    warning: t('tokens.keyOnce'),
    label: t('tokens.key'),
    copy: t('tokens.copy'),
    copied: t('tokens.copied'),
    copyFailed: t('tokens.copyFailed'),
    usage: t('tokens.usage', { header: 'Authorization: Token <key>' }),
    done: t('tokens.done'),
  };
  return <ShownOnceDialog id="token-key" className="token-key" value={token.token ?? ''} texts={texts} onClose={onClose} />;
}
