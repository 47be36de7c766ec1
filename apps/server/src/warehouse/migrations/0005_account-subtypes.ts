import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_TYPE_NAMES,
  SUBTYPE_NAME_RULES,
  SUBTYPE_SYNONYMS,
  typeOfSubtype,
} from '@finboard/shared/account-classification';
import type { WarehouseMigration } from './migration.ts';
import { qualifiedName, quoteLiteral } from '../identifiers.ts';

/**
 * Warehouse migration 5: every account's subtype in the standard vocabulary (issue 25,
 * packages/shared/src/account-classification.ts), so that the Studio, the statements and Chat DB read the same
 * words. A subtype spelled another way (`Cost of Sales`), an earlier Finboard value (`current_asset`,
 * `depreciation`, `revenue`) or another system's word becomes its standard subtype when it is one of the
 * account's type; then a group's subtype is refined by the account's name as `standardSubtypeOf` does (equity
 * named "Common Stock" is share capital, an operating expense named "Depreciation …" is depreciation and
 * amortization). Whatever says nothing the vocabulary knows is left as it is: the statements show that account
 * as unclassified under its type. No subtype becomes or stops being `cash` (a "Cash" stays as written, and
 * unclassified), so the cash flow aggregates stand.
 */
export const accountSubtypes: WarehouseMigration = {
  version: 5,
  name: 'account-subtypes',
  statements(schema: string): string[] {
    const accounts = qualifiedName(schema, '01_Account');
    const words: [type: string, word: string, subtype: string][] = [
      ...ACCOUNT_TYPE_NAMES.flatMap((type) =>
        ACCOUNT_SUBTYPES[type].map((subtype) => [type, subtype, subtype] as [string, string, string]),
      ),
      ...Object.entries(SUBTYPE_SYNONYMS).map(
        ([word, subtype]) => [typeOfSubtype(subtype), word, subtype] as [string, string, string],
      ),
    ];
    const values = words.map((row) => `(${row.map(quoteLiteral).join(', ')})`).join(', ');
    return [
      // As wordOf() spells it: trimmed, lower case, spaces and hyphens as underscores.
      `UPDATE ${accounts} a SET account_subtype = m.subtype
       FROM (VALUES ${values}) AS m(type, word, subtype)
       WHERE a.account_type = m.type
         AND regexp_replace(lower(btrim(a.account_subtype)), '[[:space:]-]+', '_', 'g') = m.word
         AND a.account_subtype IS DISTINCT FROM m.subtype AND m.subtype <> 'cash'`,
      // In order: an account a rule moved is no longer in the group a later rule reads (the first match wins).
      ...SUBTYPE_NAME_RULES.map(
        (rule) =>
          `UPDATE ${accounts} SET account_subtype = ${quoteLiteral(rule.subtype)}
           WHERE account_subtype IN (${rule.within.map(quoteLiteral).join(', ')})
             AND account_name ~* ${quoteLiteral(rule.pattern)}`,
      ),
    ];
  },
};
