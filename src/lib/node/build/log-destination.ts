/**
 * The site's log destination (astro.config.mjs `logger`): Astro's own Node destination, except
 * that a run of paths an incremental build reused is one line, `└─ 7,482 paths reused`, instead
 * of a line per path. A second build of a large catalog reuses tens of thousands of paths, and
 * writing each line (a timestamp formatted, a write to stdout) was about 40 % of what a reused
 * path cost. Everything else is written as Astro writes it, at the level Astro was asked for
 * (`--silent`, `--verbose`). Loaded by Node itself (type stripping), like the integration.
 */
import nodeDestination from 'astro/logger/node';

/** A log event as Astro hands it to a destination. */
interface LogEvent {
  label: string | null;
  level: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  message: string;
  newLine: boolean;
}

/** What follows a path's line when Astro reused it: "(cached)", or "(restored)" from its own copy. */
const REUSED = /\((?:cached|restored)\)/;
/** A path's line, written without its end: what follows says how it was made. */
const PATH_LINE = /[├└]─/;

/** The destination; `config` is Astro's Node destination's (see `logger.config`). */
export default function reusedPathsInOneLine(config?: Record<string, unknown>): { write(event: LogEvent): void } {
  const inner = nodeDestination(config) as { write(event: LogEvent): void };
  let held: LogEvent | undefined;
  let reused = 0;
  const summary = () => {
    if (reused === 0) return;
    inner.write({ label: null, level: 'info', message: `  └─ ${reused.toLocaleString('en-US')} ${reused === 1 ? 'path' : 'paths'} reused`, newLine: true });
    reused = 0;
  };
  return {
    write(event) {
      if (held) {
        const path = held;
        held = undefined;
        if (event.label === 'SKIP_FORMAT' && REUSED.test(event.message)) {
          reused += 1;
          return;
        }
        summary();
        inner.write(path);
      }
      if (!event.newLine && event.level === 'info' && event.label === null && PATH_LINE.test(event.message)) {
        held = event;
        return;
      }
      summary();
      inner.write(event);
    },
  };
}
