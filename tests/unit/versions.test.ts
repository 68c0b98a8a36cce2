/**
 * Version-free addresses and the version switcher's targets (src/lib/site/versions.ts).
 */
import { describe, expect, it } from 'vitest';
import { adopts, latestRoutes, switchTargets } from '../../src/lib/site/versions.ts';

const defs = [
  { id: 'container-1', contract: 'container', version: 1, adoptions: ['backpack', 'old-chest'] },
  { id: 'container-2', contract: 'container', version: 2, adoptions: ['backpack', 'satchel'] },
  { id: 'timed-window-2', contract: 'timed-window', version: 2, adoptions: [] },
];

describe('latestRoutes', () => {
  it('leads a contract and each of its adoptions to the newest version that has it', () => {
    const { routes, clashes } = latestRoutes(defs);
    expect(clashes).toEqual([]);
    expect(Object.fromEntries(routes.map((r) => [r.path, r.target]))).toEqual({
      container: 'container-2',
      'container/backpack': 'container-2',
      'container/old-chest': 'container-1',
      'container/satchel': 'container-2',
      'timed-window': 'timed-window-2',
    });
  });

  it("leaves an address to a definition's page: contract foo-2 against foo, version 2", () => {
    const { routes, clashes } = latestRoutes([
      { id: 'foo-2', contract: 'foo', version: 2, adoptions: ['a'] },
      { id: 'foo-2-1', contract: 'foo-2', version: 1, adoptions: ['b'] },
    ]);
    expect(clashes).toEqual([{ path: 'foo-2', contract: 'foo-2', page: 'foo-2' }]);
    expect(routes.map((r) => r.path)).toEqual(['foo', 'foo/a']);
  });

  it('skips a version without the adoption, whatever order the versions come in', () => {
    const { routes } = latestRoutes([
      { id: 'meter-3', contract: 'meter', version: 3, adoptions: ['well'] },
      { id: 'meter-1', contract: 'meter', version: 1, adoptions: ['well', 'tank', 'cup'] },
      { id: 'meter-2', contract: 'meter', version: 2, adoptions: ['tank'] },
    ]);
    expect(routes.map((r) => [r.path, r.target])).toEqual([
      ['meter', 'meter-3'],
      ['meter/cup', 'meter-1'],
      ['meter/tank', 'meter-2'],
      ['meter/well', 'meter-3'],
    ]);
  });
});

describe('adopts', () => {
  it('answers for each version on its own, and again after a first answer', () => {
    const [v1, v2] = defs;
    expect([adopts(v1!, 'old-chest'), adopts(v2!, 'old-chest'), adopts(v2!, 'satchel'), adopts(v1!, 'old-chest')]).toEqual([true, false, true, true]);
  });
});

describe('switchTargets', () => {
  it('offers the same adoption in another version, else that version’s contract page', () => {
    expect(switchTargets(defs, 'container-2', 'satchel')).toEqual([
      { version: 1, id: 'container-1', kind: 'contract', current: false, newest: false },
      { version: 2, id: 'container-2', kind: 'adoption', current: true, newest: true },
    ]);
    expect(switchTargets(defs, 'container-1', 'backpack').map((t) => t.kind)).toEqual(['adoption', 'adoption']);
    expect(switchTargets(defs, 'container-1').map((t) => [t.kind, t.current])).toEqual([['contract', true], ['contract', false]]);
    expect(switchTargets(defs, 'timed-window-2')).toHaveLength(1);
  });
});
