/**
 * A minimal zip writer (deflate, UTF-8 names, one fixed timestamp) on Node's native zlib.
 *
 * Why not fflate: its JavaScript deflate took a third of a second of a corpus build, compressing
 * the same pack once per adoption. Node's zlib is native, and a pack's compressed bytes are kept
 * for its next adoption.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** One file of an archive. */
export interface ZipFile {
  /** Path inside the archive, `/`-separated. */
  name: string;
  data: Uint8Array;
  /** Set for data shared by many archives: its compressed form is computed once per key. */
  cacheKey?: string;
}

interface Packed {
  crc: number;
  method: 0 | 8;
  body: Uint8Array;
}

const packedCache = new Map<string, Packed>();

function pack(file: ZipFile): Packed {
  const cached = file.cacheKey === undefined ? undefined : packedCache.get(file.cacheKey);
  if (cached) return cached;
  const deflated = deflateRawSync(file.data, { level: 6 });
  // Stored when deflate does not help (tiny files).
  const packed: Packed =
    deflated.length < file.data.length ? { crc: crc32(file.data), method: 8, body: deflated } : { crc: crc32(file.data), method: 0, body: file.data };
  if (file.cacheKey !== undefined) packedCache.set(file.cacheKey, packed);
  return packed;
}

/** MS-DOS date and time words of a UTC date (two-second resolution, years 1980–2107). */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * The fields a local header and its central directory entry share, in the same order, from
 * `at`: version needed, flags, method, time, date, CRC-32, compressed and real size, name length.
 */
function describe(
  view: DataView,
  at: number,
  e: { method: number; crc: number; stored: number; size: number; nameLength: number; stamp: { time: number; date: number } },
): void {
  view.setUint16(at, 20, true); // version needed: 2.0
  view.setUint16(at + 2, 0x0800, true); // names are UTF-8
  view.setUint16(at + 4, e.method, true);
  view.setUint16(at + 6, e.stamp.time, true);
  view.setUint16(at + 8, e.stamp.date, true);
  view.setUint32(at + 10, e.crc, true);
  view.setUint32(at + 14, e.stored, true);
  view.setUint32(at + 18, e.size, true);
  view.setUint16(at + 22, e.nameLength, true);
}

/** A zip archive of `files`, in order, every entry stamped `mtime`. */
export function zipFiles(files: readonly ZipFile[], mtime: Date): Uint8Array<ArrayBuffer> {
  const stamp = dosDateTime(mtime);
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const { crc, method, body } = pack(file);
    // Local file header (30 bytes), then the name and the data.
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    describe(l, 4, { method, crc, stored: body.length, size: file.data.length, nameLength: name.length, stamp });
    local.set(name, 30);
    // Central directory entry (46 bytes), then the name.
    const central = new Uint8Array(46 + name.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true); // made by: 2.0, MS-DOS attributes
    describe(c, 6, { method, crc, stored: body.length, size: file.data.length, nameLength: name.length, stamp });
    c.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, body);
    centrals.push(central);
    offset += local.length + body.length;
  }
  const directorySize = centrals.reduce((n, b) => n + b.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, files.length, true);
  e.setUint16(10, files.length, true);
  e.setUint32(12, directorySize, true);
  e.setUint32(16, offset, true);
  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
