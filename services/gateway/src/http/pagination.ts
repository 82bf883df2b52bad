import { NotFoundError, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, messages } from '@testament/contracts';
import type { FastifyRequest } from 'fastify';
import { ownOrigin } from '../plugins/authentication.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
  skip: number;
  limit: number;
}

/** `page` (1-based) and `page_size` (default 100, at most 1000); malformed values answer 404 as DRF does (§2.4). */
export function pageRequest(query: { page?: string; page_size?: string }, defaultSize = PAGE_SIZE_DEFAULT): PageRequest {
  let pageSize = defaultSize;
  if (query.page_size !== undefined && query.page_size !== '') {
    if (!/^\d+$/.test(query.page_size) || Number(query.page_size) === 0) throw new NotFoundError(messages.invalidPageSize);
    pageSize = Math.min(Number(query.page_size), PAGE_SIZE_MAX);
  }
  let page = 1;
  if (query.page !== undefined && query.page !== '') {
    if (!/^\d+$/.test(query.page) || Number(query.page) === 0) throw new NotFoundError(messages.invalidPage);
    page = Number(query.page);
  }
  return { page, pageSize, skip: (page - 1) * pageSize, limit: pageSize };
}

/** The request's own address on another page; only its query is parsed (a whole URL costs more on every list). */
function pageLink(request: FastifyRequest, page: number | null, pinned: Record<string, string>): string | null {
  if (page === null) return null;
  const queryAt = request.url.indexOf('?');
  const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
  query.set('page', String(page));
  for (const [name, value] of Object.entries(pinned)) query.set(name, value);
  return `${ownOrigin(request)}${path}?${query}`;
}

/**
 * The envelope `{links, count, pages, results}` (results are a list, or the activity's rows by day); a page past the end is a 404.
 * `pinned` query values go into the links, so further pages answer the same question (the audit's head).
 */
export function paginated<R>(request: FastifyRequest, page: PageRequest, count: number, results: R, pinned: Record<string, string> = {}) {
  const total = Math.max(1, Math.ceil(count / page.pageSize));
  if (page.page > total) throw new NotFoundError(messages.invalidPage);
  const next = page.page < total ? page.page + 1 : null;
  const previous = page.page > 1 ? page.page - 1 : null;
  return {
    links: { next: pageLink(request, next, pinned), previous: pageLink(request, previous, pinned) },
    count,
    pages: { next, previous, current: page.page, total },
    results,
  };
}
