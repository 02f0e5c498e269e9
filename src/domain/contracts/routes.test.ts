import { describe, expect, it } from 'vitest';
import { allEndpoints } from './all-endpoints';
import type { Endpoint } from './endpoint';
import * as routeModule from './routes';
import type { EndpointRoute } from './routes';

// Every contract module of this folder, read as the server would: each `…Endpoints` export is a resource.
const contractModules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});
const contractGroups = Object.entries(contractModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Endpoints') && name !== 'allEndpoints')
    .map(([name, group]) => ({ file, name, endpoints: group as Record<string, Endpoint> })),
);
const routeGroups = Object.entries(routeModule)
  .filter(([name]) => name.endsWith('Routes'))
  .map(([name, group]) => ({ name, routes: group as Record<string, EndpointRoute> }));

const addressOf = ({ operationId, method, path, totalCountHeader }: EndpointRoute) => ({
  operationId,
  method,
  path,
  totalCountHeader,
});

describe('one route per endpoint, which its contract spreads', () => {
  it('gives every contract exactly the method, path and count header of its route, under the same name', () => {
    const routes = new Map(routeGroups.flatMap(({ routes }) => Object.entries(routes)));
    const contracts = contractGroups.flatMap(({ name, endpoints }) =>
      Object.entries(endpoints).map(([key, endpoint]) => ({ group: name, key, endpoint })),
    );
    expect(contracts.length).toBeGreaterThan(40);
    for (const { group, key, endpoint } of contracts) {
      expect(endpoint.operationId, `${group}.${key}`).toBe(key);
      const route = routes.get(key);
      expect(route, `${group}.${key} has no route in routes.ts`).toBeDefined();
      expect(addressOf(endpoint), `${group}.${key}`).toEqual(addressOf(route!));
    }
    // No route without its contract, none counted twice (a repeated name would hide one in allEndpoints).
    expect(contracts.map(({ key }) => key).sort()).toEqual([...routes.keys()].sort());
    expect(routeGroups.reduce((sum, { routes }) => sum + Object.keys(routes).length, 0)).toBe(routes.size);
  });

  it('lists every contract in allEndpoints, by which a call made by route is checked', () => {
    const contracts = contractGroups.flatMap(({ endpoints }) => Object.values(endpoints));
    expect(Object.values(allEndpoints).sort(byId)).toEqual(contracts.sort(byId));
  });

  it('states each method and path once: no two routes answer the same method on the same path', () => {
    const addresses = routeGroups.flatMap(({ routes }) =>
      Object.values(routes).map((route) => `${route.method} ${route.path}`),
    );
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

function byId(a: Endpoint, b: Endpoint) {
  return a.operationId.localeCompare(b.operationId);
}
