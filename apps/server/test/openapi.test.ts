import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { makeEnv, type TestEnv } from './helpers.js';

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let env: TestEnv;
let doc: Doc;
beforeAll(async () => {
  env = await makeEnv();
  await env.app.ready();
  doc = JSON.parse(JSON.stringify(env.app.swagger())) as Doc;
});
afterAll(() => env.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a response schema for its success status', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    const missing = ops
      .filter(({ op }) => {
        const success = Object.entries(op.responses ?? {}).filter(([s]) => /^2\d\d$/.test(s));
        if (!success.length) return true;
        // 204 has no body; every other success answer says what it holds (JSON, or a file
        // such as the studio's bundle .zip).
        return success.some(
          ([s, r]) => s !== '204' && !Object.values(r.content ?? {}).some((c) => c.schema),
        );
      })
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('describes each generic resource with its own item shape, not "anything"', () => {
    const list = (path: string) =>
      doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema as {
        type?: string;
        items?: { type?: string; properties?: Record<string, unknown> };
      };
    for (const [path, field] of [
      ['/api/v1/guides', 'city'],
      ['/api/v1/pois', 'guide_token'],
      ['/api/v1/layers', 'guide_token'],
      ['/api/v1/badges', 'levels'],
      ['/api/v1/badge_levels', 'badge_token'],
      ['/api/v1/scavenger_hunts', 'challenge_sets'],
      ['/api/v1/challenges', 'resourcetype'],
      ['/api/v1/multiple_choice_options', 'challenge'],
    ] as const) {
      expect(list(path)?.type, path).toBe('array');
      expect(Object.keys(list(path)?.items?.properties ?? {}), path).toContain(field);
    }
  });
  it("documents the large catalogue's calls with their queries and answers (docs/scale-out.md §3)", () => {
    const get = (path: string) =>
      doc.paths[path]?.get as
        (Operation & { parameters?: { name: string; in: string }[] }) | undefined;
    for (const [path, params, fields] of [
      [
        '/api/v1/tours/page',
        ['after', 'limit', 'order', 'state', 'city_id', 'from'],
        ['guides', 'next', 'total'],
      ],
      ['/api/v1/tours/letters', ['order'], ['letters']],
      ['/api/v1/tours/search', ['q', 'limit', 'state', 'city'], ['guides', 'total']],
      ['/api/v1/guide-summary/clusters', ['bbox', 'zoom'], ['clusters']],
    ] as const) {
      const op = get(path);
      expect(op, path).toBeDefined();
      expect(
        (op!.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
        path,
      ).toEqual([...params].sort());
      const schema = op!.responses?.['200']?.content?.['application/json']?.schema as {
        properties?: Record<string, unknown>;
      };
      expect(Object.keys(schema?.properties ?? {}).sort(), path).toEqual([...fields].sort());
      expect(op!.responses?.['400'], path).toBeDefined();
    }
  });
});
