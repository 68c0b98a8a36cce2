/**
 * Names the catalog layout turns into folders and files: a definition version's
 * `<contract>-<version>`, an adoption id. Valid under the spec and still unpublishable when the site
 * cannot write a file of that name, or when the layout cannot spell the version.
 */
import type { Diagnostic } from '../../opengdd/diagnostics.ts';
import { own } from '../../opengdd/json.ts';
import { adoptionFileNames, definitionFileNames, MAX_NAME_BYTES, overlongName } from '../../site/file-names.ts';
import { diag } from './read.ts';

/** The finding for a definition folder `catalog/<cv>/` whose name the site cannot write, if any. */
export function definitionNameProblem(cv: string): Diagnostic | undefined {
  const longest = overlongName(definitionFileNames(cv));
  if (!longest) return undefined;
  const room = MAX_NAME_BYTES - (longest.bytes - cv.length);
  return diag(
    'CATALOG_LAYOUT',
    `catalog/${cv}`,
    '',
    `The folder name, ${cv.length.toLocaleString('en-US')} characters long, cannot be published: the site writes ${shape(longest.name, cv, '<contract>-<version>')}, ` +
      `${longest.bytes} bytes, and a file name holds at most ${MAX_NAME_BYTES}; keep <contract>-<version> within ${room} characters.`,
  );
}

/** The finding for an adoption file whose id the site cannot write, if any. */
export function adoptionNameProblem(id: string, rel: string): Diagnostic | undefined {
  const longest = overlongName(adoptionFileNames(id));
  if (!longest) return undefined;
  const room = MAX_NAME_BYTES - (longest.bytes - id.length);
  return diag(
    'CATALOG_LAYOUT',
    rel,
    '',
    `The adoption id, ${id.length.toLocaleString('en-US')} characters long, cannot be published: the site writes ${shape(longest.name, id, '<adoption>')}, ` +
      `${longest.bytes} bytes, and a file name holds at most ${MAX_NAME_BYTES}; keep the id within ${room} characters.`,
  );
}

/**
 * The finding for a definition whose `version` the layout cannot spell, if any. §10.1 rule 5 writes
 * the version of `<contract>-<version>.pack.json` in digits, and the catalog's folder
 * `catalog/<contract>-<version>/` likewise: a negative version names no folder and can have no pack.
 * (A version that is not an integer at all is the shape check's finding.)
 */
export function versionProblem(definition: unknown, rel: string): Diagnostic | undefined {
  const version = own(definition, 'version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version >= 0) return undefined;
  return diag(
    'CATALOG_LAYOUT',
    rel,
    '/version',
    `The version is ${version}, but a version is written in digits in the folder catalog/<contract>-<version>/ and the pack file packs/<contract>-<version>.pack.json (§10.1 rule 5): it must be 0 or a positive integer.`,
  );
}

/** A written name with the catalog's part replaced by what it stands for: `<adoption>.tests.md`. */
function shape(name: string, part: string, label: string): string {
  return name.split(part).join(label);
}
