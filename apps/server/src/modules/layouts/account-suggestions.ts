import type { TypeSuggester } from './apply-layout.ts';
import { mapAccountType, suggestFromName, suggestFromPath } from './account-types.ts';

/**
 * The type a new account gets unless the user says otherwise: the file's own type words (a chart's Type
 * and Detail Type), else its path's root (GnuCash), else a careful guess from its name or code.
 */
export const suggestAccountType: TypeSuggester = (account) =>
  (account.typeValue ? mapAccountType(account.typeValue, account.detailValue) : undefined) ??
  (account.path ? suggestFromPath(account.path) : undefined) ??
  suggestFromName(account.name, account.code === account.name ? null : account.code);
