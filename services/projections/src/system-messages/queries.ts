import type { ReadStore } from '@testament/infra';
import { SYSTEM_MESSAGES, type SystemMessageDocument } from './system-messages-projection.ts';

/** The banners, newest first: only the active ones unless asked (superusers manage the rest). */
export function listSystemMessages(readStore: ReadStore, options: { includeInactive?: boolean } = {}): Promise<SystemMessageDocument[]> {
  const filter = options.includeInactive ? {} : { isActive: true };
  return readStore.collection<SystemMessageDocument>(SYSTEM_MESSAGES).find(filter, { sort: { createdAt: -1, _id: -1 } });
}

export function findSystemMessage(readStore: ReadStore, messageId: number): Promise<SystemMessageDocument | null> {
  return readStore.collection<SystemMessageDocument>(SYSTEM_MESSAGES).findOne({ _id: messageId });
}
