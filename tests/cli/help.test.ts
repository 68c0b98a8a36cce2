/**
 * `--help` and `-h`, on the command and on each subcommand, print the usage on stdout and exit 0;
 * the real bin does the same.
 */
import { describe, expect, it } from 'vitest';
import { runBin, runCli } from '../helpers/cli.ts';

const COMMANDS: [string, string][] = [
  ['check', 'opengdd-catalog check [--catalog <dir>] [--format text|json|github|sarif] [--json]'],
  ['render-tests', 'opengdd-catalog render-tests --pack <pack.json> <adoption.json>...'],
  ['sync', 'opengdd-catalog sync [--catalog <dir>] [--check]'],
  ['new', 'opengdd-catalog new <contract>-<version> [--group <id>] [--catalog <dir>]'],
];

describe('help', () => {
  it.each([['--help'], ['-h'], ['help']])('opengdd-catalog %s lists every command, exit 0', async (flag) => {
    const run = await runCli([flag]);
    expect(run.status).toBe(0);
    expect(run.err).toBe('');
    expect(run.out.startsWith('Usage:\n')).toBe(true);
    for (const [, line] of COMMANDS) expect(run.out).toContain(line);
  });

  it.each(COMMANDS.flatMap(([command, line]) => [[command, '--help', line] as const, [command, '-h', line] as const]))(
    'opengdd-catalog %s %s prints its usage, exit 0',
    async (command, flag, line) => {
      const run = await runCli([command, flag]);
      expect(run.status).toBe(0);
      expect(run.err).toBe('');
      expect(run.out).toContain(line);
      // Only this command's usage (plus the help line), not every command's.
      const others = COMMANDS.filter(([c]) => c !== command && !(command === 'new' && c === 'new'));
      for (const [, other] of others) expect(run.out).not.toContain(other);
    },
  );

  it('help after other arguments still wins (check --catalog x --help)', async () => {
    const run = await runCli(['check', '--catalog', '/nowhere', '--help']);
    expect(run.status).toBe(0);
    expect(run.out).toContain(COMMANDS[0]![1]);
  });

  it('help <command> prints that command; an unknown one is a usage error', async () => {
    expect((await runCli(['help', 'sync'])).out).toContain(COMMANDS[2]![1]);
    expect((await runCli(['help', 'frobnicate'])).status).toBe(2);
  });

  it('an unknown command suggests the closest one', async () => {
    const run = await runCli(['chek']);
    expect(run.status).toBe(2);
    expect(run.err).toContain('did you mean `check`?');
  });

  it('the real bin: sync --help exits 0 with the usage on stdout', () => {
    const run = runBin(['sync', '--help']);
    expect(run.status).toBe(0);
    expect(run.out).toContain(COMMANDS[2]![1]);
    expect(run.err).toBe('');
  });
});
