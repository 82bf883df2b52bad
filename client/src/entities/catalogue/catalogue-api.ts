import type { CatalogueRoutes } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { AnswerOf } from '../../api/endpoints.ts';
import { api } from '../../app/services.ts';

export interface CatalogueApi<T, B> {
  list(projectId: number): Observable<T[]>;
  create(body: B): Observable<T>;
  update(id: number, body: Partial<B>): Observable<T>;
  remove(id: number): Observable<void>;
}

type AnyCatalogueRoutes = CatalogueRoutes<z.ZodType, z.ZodType, z.ZodType, z.ZodObject, boolean>;

/** A catalogue's items and its create body, as its contracts say. */
type ItemOf<S extends AnyCatalogueRoutes> = AnswerOf<S['retrieve']>;
type CreateBodyOf<S extends AnyCatalogueRoutes> = z.input<S['create']['body']>;

/**
 * A project's catalogue of statuses, labels, parameters or custom attributes
 * (§3.8–§3.11): a bare list per project and the usual writes. Forms show a
 * 400's fields and a 403's detail themselves; a refused delete is a toast.
 */
export function catalogueApi<S extends AnyCatalogueRoutes>(routes: S): CatalogueApi<ItemOf<S>, CreateBodyOf<S>> {
  const calls = api.endpoints<AnyCatalogueRoutes>(routes);
  // One adapter for every catalogue: the generic answers are the contracts' items, which TypeScript cannot follow through `S`.
  return {
    list: (projectId) => calls.list({ query: { project: projectId } }),
    create: (body) => calls.create({ body }, { handles: [403] }),
    update: (id, body) => calls.update({ id, body }, { handles: [403] }),
    remove: (id) => calls.destroy({ id }, { handles: [400, 403] }),
  } as CatalogueApi<ItemOf<S>, CreateBodyOf<S>>;
}
