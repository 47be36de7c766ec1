import type { TypeSuggester } from './apply-layout.ts';

/**
 * The type a new account gets unless the user says otherwise: the file's own type words, its path's root,
 * or its name. Until the account-type vocabularies land, no suggestion: the user chooses.
 */
export const suggestAccountType: TypeSuggester = () => undefined;
