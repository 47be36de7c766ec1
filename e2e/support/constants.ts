export const E2E_ADMIN = { email: 'admin@e2e.finboard.test', password: 'Adm1n!Passw0rd' } as const;
export const USER_PASSWORD = 'Us3r!Passw0rd';
/**
 * The user `npm run demo` creates (demo/load-demo.ts DEMO_USER, restated: importing that module would
 * drag the server's services into the journeys' process and type check).
 */
export const DEMO_USER = { email: 'demo@harborprecision.example', password: 'Harbor!Demo2024' } as const;
