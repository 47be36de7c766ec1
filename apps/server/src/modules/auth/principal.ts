// The caller's types live in src/principal.ts (plugins resolve them and may not import modules). This
// re-export serves the data-management files, changed in parallel, until they import src/principal.ts.
export type { AuthContext, Principal } from '../../principal.ts';
