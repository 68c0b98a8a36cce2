/**
 * What the search index needs of each HTML file of the output folder — whether it has a body to
 * index, and the digest of its bytes — kept between builds, so that a second build reads only the
 * files that changed. A file whose size and modification time are those recorded is taken as the
 * file recorded: a reused page is left untouched in the kept output folder (see `build-cache.ts`),
 * while a page written again, or copied back from Astro's cache, gets a new modification time and
 * is read. The facts are made by one writer (the index writer's source, see `search-index.ts`):
 * another writer's facts are not used.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * One file's facts: size, modification time (ms), whether it is indexed, the SHA-256 of what the
 * index reads of it (of its bytes, for a file it does not index).
 */
export type PageFact = [size: number, mtimeMs: number, indexed: boolean, digest: string];

/** The facts of one build, as the build-finished mark keeps them. */
export interface PageFactsRecord {
  /** The digest of the writer whose rule decided `indexed`. */
  writer: string;
  files: Record<string, PageFact>;
}

/** The facts of this build's HTML files: recorded ones reused, the others read. */
export class PageFacts {
  private readonly outDir: string;
  private readonly before: Readonly<Record<string, PageFact>>;
  private readonly writer: string;
  private readonly searched: (html: string) => string | undefined;
  private readonly statOf: ((file: string) => readonly [size: number, mtimeMs: number] | undefined) | undefined;
  private readonly now = new Map<string, PageFact>();
  /** Files read this build (the others were taken from the record). */
  read = 0;

  /**
   * (No parameter properties: Node loads this file by stripping its types.)
   * @param outDir the output folder (absolute)
   * @param before the last finished build's record, if it is to be trusted
   * @param writer the source of the index writer (the rule `indexed` comes from)
   * @param searched what the index reads of a page's HTML; undefined when it does not index it
   * @param statOf a file's size and modification time, when the caller has them from a walk of the
   *   folder taken since the file was last written (a large site's pages were each stat'ed twice)
   */
  constructor(
    outDir: string,
    before: PageFactsRecord | undefined,
    writer: string,
    searched: (html: string) => string | undefined,
    statOf?: (file: string) => readonly [size: number, mtimeMs: number] | undefined,
  ) {
    this.outDir = outDir;
    this.writer = createHash('sha256').update(writer).digest('hex');
    this.before = before?.writer === this.writer ? before.files : {};
    this.searched = searched;
    this.statOf = statOf;
  }

  /** The facts of `file` (relative to the output folder, `/`-separated). */
  of(file: string): { indexed: boolean; digest: string } {
    let fact = this.now.get(file);
    if (!fact) {
      const full = path.join(this.outDir, file);
      const [size, mtimeMs] = this.statOf?.(file) ?? sizeAndTime(full);
      const old = Object.hasOwn(this.before, file) ? this.before[file] : undefined;
      if (old && old[0] === size && old[1] === mtimeMs) fact = old;
      else {
        const bytes = readFileSync(full);
        this.read += 1;
        const text = this.searched(bytes.toString('utf8'));
        fact = [size, mtimeMs, text !== undefined, createHash('sha256').update(text ?? bytes).digest('hex')];
      }
      this.now.set(file, fact);
    }
    return { indexed: fact[2], digest: fact[3] };
  }

  /** The record of this build's files, for the next build. */
  record(): PageFactsRecord {
    return { writer: this.writer, files: Object.fromEntries(this.now) };
  }
}

function sizeAndTime(file: string): [number, number] {
  const st = statSync(file);
  return [st.size, st.mtimeMs];
}
