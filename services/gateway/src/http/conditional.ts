import { ValidationError, messages } from '@testament/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One entity tag of a list (RFC 9110 §8.8.3): `"opaque"` or `W/"opaque"`, then a comma or the end. */
const ENTITY_TAG = /^\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/;

/**
 * The `If-Match` header: undefined when absent, null for `*` (any current
 * version), else the strong tags it lists, unquoted. Weak tags are left out:
 * `If-Match` compares strongly, so they match nothing. Anything else is a 400.
 */
export function ifMatchTags(request: FastifyRequest): string[] | null | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  let rest = (Array.isArray(header) ? header.join(', ') : header).trim();
  if (rest === '*') return null;
  if (rest === '') throw ValidationError.general(messages.invalidIfMatch);
  const tags: string[] = [];
  while (rest !== '') {
    const tag = ENTITY_TAG.exec(rest);
    if (!tag) throw ValidationError.general(messages.invalidIfMatch);
    if (!tag[1]) tags.push(tag[2]!);
    rest = rest.slice(tag[0].length).trimStart();
  }
  return tags;
}

/** Names the version an answer shows, as a strong ETag. */
export function setEntityTag(reply: FastifyReply, tag: string): FastifyReply {
  return reply.header('ETag', `"${tag}"`);
}
