/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { WebhooksSection } from './WebhooksSection.tsx';
