import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.gen.js';

export type { components, operations, paths } from './openapi.gen.js';

/**
 * Keeps the session cookie the API sets at sign-in and sends it back, as a browser does; Node's
 * fetch keeps none. In a browser the cookie header is the browser's, and this sees none.
 */
function sessionCookie(): Middleware {
  let cookie: string | undefined;
  return {
    onRequest({ request }) {
      if (cookie) request.headers.set('cookie', cookie);
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';', 1)[0]!;
        // Sign-out clears the cookie with an empty value.
        cookie = pair.endsWith('=') ? undefined : pair;
      }
      return response;
    },
  };
}

/** A typed client of the REST API at `baseUrl` (the server's origin), from its OpenAPI document. */
export function createApiClient(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  client.use(sessionCookie());
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
