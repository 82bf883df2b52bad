import { topics, streams } from '@testament/contracts';
import type { SystemMessageEvent, SystemMessageLevel } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const SYSTEM_MESSAGES = 'system_messages';

/** `system_messages` read model: the banners, one document each; deleted ones are removed. */
export interface SystemMessageDocument {
  [key: string]: unknown;
  _id: number;
  content: string;
  level: SystemMessageLevel;
  isClosing: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

const messageIdOf = (stream: string) => streams.systemMessage.idOf(stream);

export const systemMessagesProjection = projection<SystemMessageEvent>({
  name: 'system-messages',
  source: import.meta.url,
  // A handful of banners at any time: listing them all is fine.
  collections: { [SYSTEM_MESSAGES]: { indexes: [{ keys: { isActive: 1 } }], bounded: true } },
  handles: new Set(['SystemMessageCreated', 'SystemMessageChanged', 'SystemMessageDeleted']),
  keys: (event) => [[SYSTEM_MESSAGES, messageIdOf(event.stream)]],
  apply(event, view) {
    const id = messageIdOf(event.stream);
    const time = event.metadata.time;
    view.notify(topics.systemMessages);
    switch (event.type) {
      case 'SystemMessageCreated': {
        const { content, level, isClosing, isActive } = event.data;
        view.put(SYSTEM_MESSAGES, {
          _id: id,
          content,
          level,
          isClosing,
          isActive,
          createdAt: time,
          updatedAt: time,
        } satisfies SystemMessageDocument);
        return;
      }
      case 'SystemMessageChanged': {
        const existing = view.get<SystemMessageDocument>(SYSTEM_MESSAGES, id);
        if (existing) view.put(SYSTEM_MESSAGES, { ...existing, ...event.data, updatedAt: time });
        return;
      }
      case 'SystemMessageDeleted':
        view.remove(SYSTEM_MESSAGES, id);
    }
  },
});
