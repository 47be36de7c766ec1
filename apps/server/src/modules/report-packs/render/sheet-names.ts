/** Excel's rules for a worksheet's name: at most 31 characters, none of these, not "History", unique. */
const MAX_LENGTH = 31;
const FORBIDDEN = /[[\]:*?/\\]/g;
const RESERVED = 'history';

/**
 * Names worksheets after their pages: forbidden characters become spaces, the name is cut to fit, and a name
 * already given (Excel compares them without case) gets " (2)", " (3)", … within the 31 characters.
 */
export function createSheetNamer(): (wanted: string) => string {
  const taken = new Set<string>();
  return (wanted) => {
    const clean = wanted.replace(FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
    const base = fit(clean === '' ? 'Sheet' : clean, MAX_LENGTH);
    let name = base;
    for (let copy = 2; taken.has(name.toLowerCase()) || name.toLowerCase() === RESERVED; copy++) {
      const suffix = ` (${copy})`;
      name = `${fit(base, MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  };
}

/** Cut to `length`; a name may neither start nor end with an apostrophe. */
const fit = (name: string, length: number) => name.slice(0, length).replace(/^'+|'+$/g, '') || 'Sheet';
