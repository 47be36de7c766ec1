import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { OtherCompanyError } from './accounting.service.ts';
import type { IssuedState } from './oauth-states.repository.ts';
import { createQuickbooksService } from './quickbooks.service.ts';

const ORGANIZATION = '5a1c0000-0000-4000-8000-000000000001';
const USER = '5a1c0000-0000-4000-8000-000000000002';
const CONNECTED = '/apps?quickbooks=connected&organization=' + ORGANIZATION;

/** The service with in-memory states, connections and QuickBooks; `traded` counts the codes traded. */
function serviceWith(connectedRealm?: string) {
  const states = new Map<string, IssuedState & { used: boolean }>();
  const saved: { realmId: string; keepCompany: boolean }[] = [];
  let realm = connectedRealm;
  let traded = 0;
  const service = createQuickbooksService({
    client: {
      authorizeUrl: (state) => `https://intuit.example/connect?state=${state}`,
      exchangeCode: async () => {
        traded += 1;
        return { accessToken: 'access', refreshToken: 'refresh', accessExpiresAt: Date.now() + 3_600_000 };
      },
      queryAll: async <T>() => ({ rows: [{ CompanyName: 'Books Ltd' }] as T[], time: undefined }),
    },
    accounting: {
      connectedCompany: async () => realm,
      saveConnection: async (_organizationId, _system, values, _credentials, options = {}) => {
        if (options.keepCompany && realm !== undefined && realm !== values.externalId) throw new OtherCompanyError();
        realm = values.externalId;
        saved.push({ realmId: values.externalId, keepCompany: options.keepCompany ?? false });
        return undefined as never;
      },
    },
    states: {
      issue: async ({ nonceHash, organizationId, userId, replaceCompany }) => {
        states.set(nonceHash, { organizationId, userId, replaceCompany, used: false });
      },
      consume: async (nonceHash) => {
        const state = states.get(nonceHash);
        if (!state || state.used) return undefined;
        state.used = true;
        return state;
      },
    },
    logger: pino({ level: 'silent' }),
  });
  const stateOf = async (replaceCompany = false) =>
    new URL(
      (await service.connect(ORGANIZATION, { id: USER, role: 'user' }, replaceCompany)).authorizeUrl,
    ).searchParams.get('state')!;
  return { service, stateOf, saved, traded: () => traded };
}

describe('the QuickBooks callback', () => {
  it('spends the state first: its second use is refused with reason=state and trades no code', async () => {
    const { service, stateOf, saved, traded } = serviceWith();
    const state = await stateOf();

    expect(await service.callback({ state, code: 'c1', realmId: '1' })).toBe(CONNECTED);
    expect(await service.callback({ state, code: 'c2', realmId: '2' })).toBe('/apps?quickbooks=error&reason=state');

    expect(saved).toEqual([{ realmId: '1', keepCompany: true }]);
    expect(traded()).toBe(1);
  });

  it('spends the state of a declined consent too', async () => {
    const { service, stateOf } = serviceWith();
    const state = await stateOf();

    expect(await service.callback({ state, error: 'access_denied' })).toBe(
      `/apps?quickbooks=declined&organization=${ORGANIZATION}`,
    );
    expect(await service.callback({ state, code: 'c1', realmId: '1' })).toBe('/apps?quickbooks=error&reason=state');
  });

  it('refuses another company than the connected one with reason=company, trading no code', async () => {
    const { service, stateOf, saved, traded } = serviceWith('1');

    expect(await service.callback({ state: await stateOf(), code: 'c1', realmId: '2' })).toBe(
      `/apps?quickbooks=error&reason=company&organization=${ORGANIZATION}`,
    );
    expect(saved).toEqual([]);
    expect(traded()).toBe(0);
  });

  it('connects another company when the state was issued to replace the connected one', async () => {
    const { service, stateOf, saved } = serviceWith('1');

    expect(await service.callback({ state: await stateOf(true), code: 'c1', realmId: '2' })).toBe(CONNECTED);
    expect(saved).toEqual([{ realmId: '2', keepCompany: false }]);
  });

  it('answers reason=company when another company was connected meanwhile (the check under the row lock)', async () => {
    const { service, stateOf } = serviceWith();
    const [first, second] = [await stateOf(), await stateOf()];

    const answers = await Promise.all([
      service.callback({ state: first, code: 'c1', realmId: '1' }),
      service.callback({ state: second, code: 'c2', realmId: '2' }),
    ]);

    expect(answers).toEqual([CONNECTED, `/apps?quickbooks=error&reason=company&organization=${ORGANIZATION}`]);
  });
});
