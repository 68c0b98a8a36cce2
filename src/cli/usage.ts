/**
 * What `opengdd-catalog` and each of its commands say about their use, and the two ways a command
 * stops early: a usage error (exit 2) and a refusal (exit 1, e.g. a file that `new` would overwrite).
 */

/** The command line was wrong: exit 2, with the usage of `command` (or of everything). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/** The command was understood but will not do what it was asked (exit 1); nothing was written. */
export class Refusal extends Error {}

const COMMANDS: Record<string, string> = {
  'render-tests': `  opengdd-catalog render-tests --pack <pack.json> <adoption.json>...
      Print the generated tests as Markdown (byte-identical to opengdd --render-contract-tests).`,
  check: `  opengdd-catalog check [--catalog <dir>] [--format text|json|github|sarif] [--json]
      Check a catalog folder holding catalog/ and packs/ (default: $OPENGDD_CATALOG or the embedded one).
      Reads only. Exit 0 clean, 1 errors. One line per finding (text, the default):
        file:line:column /pointer CODE severity sentence
      --format json (or --json): a report with each finding's file, pointer, line, column, code,
      severity and message; github: GitHub Actions annotations (::error file=…,line=…,col=…::…);
      sarif: SARIF 2.1.0 for code scanning.`,
  sync: `  opengdd-catalog sync [--catalog <dir>] [--check]
      Copy each definition.json into its adoptions' definition parts and set every "pack" digest from
      the pack file's bytes, keeping each file's designer part, annotations and layout; print what changed.
      --check writes nothing, prints the difference and exits 1 when something would change.`,
  new: `  opengdd-catalog new <contract>-<version> [--group <id>] [--catalog <dir>]
      Make a contract: catalog/<contract>-<version>/ (definition.json, about.mdx, adoptions/) and an
      empty pack packs/<contract>-<version>.pack.json, its digest in definition.json. The group is one
      of catalog/groups.json (default: the first).
  opengdd-catalog new <contract>-<version> <adoption> [--catalog <dir>]
      Make an adoption skeleton catalog/<contract>-<version>/adoptions/<adoption>.json.
      new never overwrites a file.`,
};

/** The usage text of one command, or of all of them. */
export function usage(command?: string): string {
  const body = command && COMMANDS[command] ? COMMANDS[command] : Object.values(COMMANDS).join('\n');
  return `Usage:\n${body}\n  opengdd-catalog [<command>] --help
      Print this help.
Exit status: 0 done (clean), 1 errors (or, for sync --check, changes to make), 2 usage error.`;
}

/** True for a known command name. */
export function isCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

/** The known command names. */
export function commandNames(): string[] {
  return Object.keys(COMMANDS);
}
