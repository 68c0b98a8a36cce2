/**
 * The memory allocators' settings for a build (see `bin/astro.mjs`), each a variable that must be in
 * the environment as the process starts. Both let a large build hand memory it freed back to the
 * system instead of keeping it for later; the build reads, renders and writes tens of thousands of
 * files, and what it freed stayed counted against it.
 *
 * - `MALLOC_MMAP_THRESHOLD_`: glibc gives a block of 4 MiB or more its own mapping, returned when
 *   freed. By default the threshold starts at 128 KiB and rises to the largest such block freed so
 *   far (up to 32 MiB), after which those blocks come from the heap's arenas, which do not shrink.
 *   Fixed at 128 KiB it saved a little more memory but cost CPU in mappings made and returned for
 *   every smaller block (a social card's image is a few MiB); at 4 MiB the cost did not show.
 * - `MIMALLOC_PURGE_DELAY`: Rolldown (Vite's bundler, native code) allocates with mimalloc, which
 *   returns freed pages after a delay, but only when that thread allocates again; the bundler's
 *   threads fall idle after bundling, and what they freed stayed resident for the rest of the build.
 *
 * Cold builds of 100× the corpus (7,500 adoptions), one after another, peak memory of the build's
 * processes: 1,191-1,307 MiB without either, 1,131-1,203 MiB with mimalloc's alone, 984-1,082 MiB
 * with both; see README, Performance, "Memory".
 */
export const ALLOCATOR_SETTINGS = Object.freeze({
  MALLOC_MMAP_THRESHOLD_: '4194304',
  MIMALLOC_PURGE_DELAY: '0',
});
