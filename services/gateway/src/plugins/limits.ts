import { ValidationError, messages } from '@testament/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UriTooLongError } from '../http/errors.ts';

const MB = 1024 * 1024;

/**
 * DRF's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): the largest JSON or text body;
 * a route may set its own `bodyLimit`. Multipart bodies have their own file limits.
 */
export const BODY_LIMIT_BYTES = 2.5 * MB;

/** Fastify's default; the longest path parameter in use is an API token's key (64 hex digits). Longer answers 414. */
export const MAX_PATH_PARAMETER_LENGTH = 100;

/** No real body nests this deep; far deeper ones reached recursive code (the event store's hashing) and answered 500. */
const MAX_JSON_DEPTH = 64;

/** What nginx reads in a request line by default (8 KiB); links with saved filters stay far below it. */
const MAX_QUERY_STRING_CHARS = 8 * 1024;

/** Django's DATA_UPLOAD_MAX_NUMBER_FIELDS. */
const MAX_QUERY_PARAMETERS = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const AMPERSAND = 0x26;

/** Whether JSON text nests objects and arrays deeper than `maxDepth`: one pass, no recursion; brackets inside strings do not count. */
function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === BACKSLASH) at++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

function parameterCount(query: string): number {
  let count = 1;
  for (let at = 0; at < query.length; at++) if (query.charCodeAt(at) === AMPERSAND) count++;
  return count;
}

/**
 * Bounds on what a request may make the server parse: JSON depth (400),
 * body size (413, `bodyLimit` in app.ts), query strings (414 when too long,
 * 400 with too many parameters).
 */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own parser, so malformed JSON and __proto__ keys keep answering as before.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string, done) => {
    // DRF reads an empty JSON body as no fields, and TestY clients send one (a POST without data): the handlers' validation answers.
    if (body === '') return done(null, {});
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return done(ValidationError.general(messages.jsonTooDeep(MAX_JSON_DEPTH)), undefined);
    parseJson(request, body, done);
  });

  // The router has parsed the query by now, but Node's 16 KiB limit on the request head bounds that work; this refuses the rest.
  app.addHook('onRequest', async (request) => {
    const start = request.url.indexOf('?');
    if (start < 0) return;
    const query = request.url.slice(start + 1);
    if (query.length > MAX_QUERY_STRING_CHARS) throw new UriTooLongError(messages.queryTooLong(MAX_QUERY_STRING_CHARS));
    if (parameterCount(query) > MAX_QUERY_PARAMETERS) throw ValidationError.general(messages.tooManyQueryParameters(MAX_QUERY_PARAMETERS));
  });
});
