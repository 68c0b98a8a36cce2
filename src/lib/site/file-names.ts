/**
 * The file and folder names the site writes for a catalog's names, from the same URL builders the
 * pages use. A file system takes at most 255 bytes in one name (Linux, macOS), so a kebab-case
 * adoption id of 250 characters, though valid (§10.1 rule 6), names no `<id>.tests.md`; the catalog
 * check measures the names here so that it and the build agree.
 */
import {
  adoptionFileUrl,
  adoptionImageUrl,
  adoptionSchemaUrl,
  adoptionTestsUrl,
  adoptionUrl,
  adoptionZipUrl,
  definitionFileUrl,
  definitionImageUrl,
  definitionUrl,
  packFileUrl,
} from './urls.ts';

/** The most bytes one file or folder name may hold. */
export const MAX_NAME_BYTES = 255;

/** A stand-in that no kebab-case name contains, for the part of a URL that is not measured. */
const OTHER = '_';

/** The names (path segments) of `urls` that hold `name`. */
function namesHolding(name: string, urls: string[]): string[] {
  return [...new Set(urls.flatMap((url) => url.split('/')).filter((segment) => segment.includes(name)))];
}

/** Every file or folder name the site writes for a definition version `<contract>-<version>`. */
export function definitionFileNames(cv: string): string[] {
  return namesHolding(cv, [
    definitionUrl(cv),
    definitionFileUrl(cv),
    packFileUrl(cv),
    adoptionSchemaUrl(cv),
    definitionImageUrl(cv),
    adoptionImageUrl(cv, OTHER),
  ]);
}

/** Every file or folder name the site writes for an adoption id (whatever its definition). */
export function adoptionFileNames(adoption: string): string[] {
  return namesHolding(adoption, [
    adoptionUrl(OTHER, adoption),
    adoptionFileUrl(OTHER, adoption),
    adoptionTestsUrl(OTHER, adoption),
    adoptionZipUrl(OTHER, adoption),
    adoptionImageUrl(OTHER, adoption),
  ]);
}

/** The longest of `names` in UTF-8 bytes, when it is longer than {@link MAX_NAME_BYTES}. */
export function overlongName(names: readonly string[]): { name: string; bytes: number } | undefined {
  const encoder = new TextEncoder();
  let longest: { name: string; bytes: number } | undefined;
  for (const name of names) {
    const bytes = encoder.encode(name).length;
    if (bytes > MAX_NAME_BYTES && bytes > (longest?.bytes ?? 0)) longest = { name, bytes };
  }
  return longest;
}
