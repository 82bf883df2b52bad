import { labelRoutes, integrationRoutes, pathOf, type Label } from '@testament/contracts';
import { firstValueFrom } from 'rxjs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { scriptedFetch } from '../testing/scripted-fetch.ts';
import { ApiClient } from './api-client.ts';

function labelsOver(answers: Parameters<typeof scriptedFetch>[0]) {
  const server = scriptedFetch(answers);
  const api = new ApiClient({ fetch: server.fetch, cookies: () => 'csrftoken=token-1', currentPath: () => '/' });
  return { labels: api.endpoints(labelRoutes), integrations: api.endpoints(integrationRoutes), server };
}

const label: Label = {
  id: 4,
  name: 'smoke',
  color: null,
  type: 0,
  project: 7,
  user: null,
  url: 'http://localhost/api/v2/labels/4/',
} as unknown as Label;

describe('calls typed by the route contracts', () => {
  it('fill the path’s parameters, send the query and the JSON body by the contract’s method', async () => {
    const { labels, server } = labelsOver({
      'PATCH /api/v2/labels/4/': { status: 200, body: label },
      'GET /api/v2/labels/?project=7': { status: 200, body: [label] },
    });
    await expect(firstValueFrom(labels.update({ id: 4, body: { name: 'smoke' } }))).resolves.toEqual(label);
    await expect(firstValueFrom(labels.list({ query: { project: 7 } }))).resolves.toEqual([label]);
    expect(server.calls).toEqual(['PATCH /api/v2/labels/4/', 'GET /api/v2/labels/?project=7']);
    expect(server.bodies[0]).toEqual({ name: 'smoke' });
  });

  it('give the address of an operation for links and downloads, each parameter encoded', () => {
    const { labels } = labelsOver({});
    expect(labels.deletePreview.path({ id: 12 })).toBe('/api/v2/labels/12/delete/preview/');
    expect(pathOf('/api/v2/files/:name/', { name: 'a b/c' })).toBe('/api/v2/files/a%20b%2Fc/');
    expect(() => pathOf('/api/v2/labels/:id(^\\d+)/', {})).toThrow('needs its parameter "id"');
  });

  it('answer the contract’s types, and refuse at compile time what the contract does not take', () => {
    const { labels, integrations } = labelsOver({});
    expectTypeOf(labels.retrieve).returns.toEqualTypeOf<ReturnType<typeof labels.retrieve>>();
    expectTypeOf<Parameters<typeof labels.retrieve>[0]>().toEqualTypeOf<{ id: number | string }>();
    expectTypeOf(firstValueFrom(labels.list())).resolves.toEqualTypeOf<Label[]>();
    expectTypeOf(firstValueFrom(integrations.list())).resolves.toHaveProperty('results');
    expectTypeOf(firstValueFrom(labels.destroy({ id: 1 }))).resolves.toBeUndefined();
    // Each line below would compile if the typing were loose; the type check fails when one of them does.
    // @ts-expect-error the path names its id
    void (() => labels.retrieve({}));
    // @ts-expect-error a create sends its body
    void (() => labels.create({}));
    // @ts-expect-error the list reads no such filter
    void (() => labels.list({ query: { colour: 'red' } }));
    // @ts-expect-error a label's name is text
    void (() => labels.create({ body: { name: 5, project: 1 } }));
  });
});
