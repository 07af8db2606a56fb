import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH } from '../src/lib/http/docs.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * The routes the server answers, as 'GET /api/orders/{id}', read from Fastify's route tree
 * (`printRoutes`: one line per node, four columns of indent per level, the methods in brackets).
 */
function registeredRoutes(app: TestApp['server']['app']): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    stack.length = node[1]!.length / 4;
    stack.push(node[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of node[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: any;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('is answered signed out: an OpenAPI 3.1 document that passes the recommended rules of a linter', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The product has no licence to name.
        'info-license': 'off',
        // This document's own path has no failure of its own to describe.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(document), config });
    expect(
      problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`),
    ).toEqual([]);
  });

  it('describes every /api route the server answers, and no other', () => {
    const answered = registeredRoutes(t.server.app)
      .filter(
        // The reference page (its HTML and script) is for people, not an operation of the API.
        (route) =>
          / \/api\//.test(route) &&
          !route.startsWith('HEAD ') &&
          !route.includes('*') &&
          !route.startsWith(`GET ${DOCS_PATH}`),
      )
      .sort();
    const described = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(described).toEqual(answered);
    expect(answered).toContain('GET /api/orders/{id}');
    expect(answered).toContain('GET /api/orders/{id}/download');
  });

  it('says what a client sends and gets back', () => {
    const { paths, components } = document;

    const createOrder = paths['/api/orders'].post;
    expect(Object.keys(createOrder.responses)).toContain('201');
    expect(createOrder.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['pharmacyId', 'orderDate', 'lineItems']),
    );

    const listPharmacies = paths['/api/pharmacies'].get;
    expect(listPharmacies.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'limit', 'q', 'hold']),
    );
    expect(listPharmacies.responses['200'].headers).toHaveProperty('X-Next-Cursor');

    const updatePharmacy = paths['/api/pharmacies/{id}'].put;
    expect(updatePharmacy.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(updatePharmacy.requestBody.content['application/json'].schema.required).toContain(
      'name',
    );

    expect(paths['/api/orders/{id}/download'].get.responses['200'].content).toHaveProperty(
      'application/pdf',
    );
    expect(paths['/api/orders.csv'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'status']),
    );

    // Failures: the body every /api failure has, with the statuses of decisions.md §5.
    expect(components.schemas.Error.required).toEqual(['message']);
    expect(Object.keys(updatePharmacy.responses)).toEqual(
      expect.arrayContaining(['400', '401', '404', '409', '503']),
    );
    expect(components.responses.Error503.headers).toHaveProperty('Retry-After');

    // Signed in by the session cookie, except where one is made.
    expect(components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    // Or by an API token (issue 26).
    expect(components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(paths['/api/login'].post.security).toEqual([]);
    expect(paths['/api/user'].get.security).toBeUndefined();
    expect(Object.keys(paths['/api/login'].post.responses)).toContain('429');
  });

  it('takes the Idempotency-Key of a payment as a header', () => {
    const createPayment = document.paths['/api/payments'].post;
    expect(createPayment.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    expect(
      createPayment.requestBody.content['application/json'].schema.properties,
    ).not.toHaveProperty('idempotencyKey');
  });
});
