/**
 * The zip writer behind each adoption's download: any unzip tool reads back the exact bytes,
 * names and timestamp; a shared file compressed once gives the same archive as compressed anew.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../src/lib/node/build/zip.ts';

const FIXED = new Date(Date.UTC(2000, 0, 1));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('zipFiles', () => {
  it('writes archives an independent unzip reads back byte for byte', () => {
    const big = bytes(JSON.stringify({ templates: Array.from({ length: 400 }, (_, i) => ({ id: `t-${i}`, text: 'Given a value' })) }, null, 2));
    const files = [
      { name: 'contracts/backpack.json', data: bytes('{\n  "contract": "container"\n}\n') },
      { name: 'contracts/container-1.pack.json', data: big },
      { name: 'contracts/é-ü.json', data: bytes('') },
      { name: 'x', data: bytes('a') },
    ];
    const zip = zipFiles(files, FIXED);
    const back = unzipSync(zip);
    expect(Object.keys(back)).toEqual(files.map((f) => f.name));
    for (const f of files) expect(Buffer.from(back[f.name]!)).toEqual(Buffer.from(f.data));
    // Compressed where it helps: the archive is far smaller than the pack it holds.
    expect(zip.length).toBeLessThan(big.length / 5);
  });

  it('stamps every entry with the fixed time, so builds give identical archives', () => {
    const zip = zipFiles([{ name: 'a.json', data: bytes('{}') }], FIXED);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(10, true)).toBe(0); // 00:00:00
    expect(view.getUint16(12, true)).toBe(((2000 - 1980) << 9) | (1 << 5) | 1);
    expect(zipFiles([{ name: 'a.json', data: bytes('{}') }], FIXED)).toEqual(zip);
  });

  it('reuses a shared file’s compressed bytes without changing the archive', () => {
    const pack = bytes('{"templates": []}'.repeat(50));
    const fresh = zipFiles([{ name: 'p.json', data: pack }], FIXED);
    const first = zipFiles([{ name: 'p.json', data: pack, cacheKey: 'sha256:test-pack' }], FIXED);
    const again = zipFiles([{ name: 'p.json', data: pack, cacheKey: 'sha256:test-pack' }], FIXED);
    expect(first).toEqual(fresh);
    expect(again).toEqual(fresh);
  });
});
