/**
 * A definition version's adoption figures (see `site/adoption-answers.ts`), made once per build:
 * the contract page and its `<cv>.adoptions.json` both show them.
 */
import { adoptionAnswers, type AdoptionAnswers } from '../../site/adoption-answers.ts';
import { adoptionText } from '../catalog/adoption-file.ts';
import { adoptionsOf, type DefinitionEntry } from './collections.ts';

const cache = new Map<string, Promise<AdoptionAnswers | undefined>>();

/** The figures of a definition version's adoptions, or undefined when it has none. */
export function answersOf(entry: DefinitionEntry): Promise<AdoptionAnswers | undefined> {
  let made = cache.get(entry.id);
  if (!made) {
    made = adoptionsOf(entry.id).then((list) =>
      list.length
        ? adoptionAnswers(
            entry.data.definition,
            entry.data.pack?.document,
            // The checked file's text, parsed as the engine read it (see adoption-file.ts).
            list.map((a) => ({ id: a.data.adoption, document: JSON.parse(adoptionText(a.data)) as unknown })),
          )
        : undefined,
    );
    cache.set(entry.id, made);
  }
  return made;
}
