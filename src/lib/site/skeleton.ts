/**
 * The empty adoption a reader copies to start adopting a definition: the engine's skeleton (the
 * definition part unchanged, empty answers and values, one empty array per declared row set).
 */
export { adoptionSkeleton } from '../opengdd/index.ts';
