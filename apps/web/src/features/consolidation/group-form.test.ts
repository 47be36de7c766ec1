import { describe, expect, it } from 'vitest';
import { consolidationMessages as m, type ConsolidationGroup } from '@finboard/shared/consolidation';
import {
  fieldPathOf,
  groupErrors,
  groupInputOf,
  initialGroupValues,
  isTableError,
  serverFieldErrors,
  type GroupFormValues,
} from './group-form';

const HOLDING = '0b6f3c4e-1111-4aaa-8bbb-000000000001';
const EUROSUB = '0b6f3c4e-1111-4aaa-8bbb-000000000002';

const valid = (): GroupFormValues => ({
  name: 'Harbor group',
  reportingCurrency: 'USD',
  parentOrganizationId: HOLDING,
  members: [
    { organizationId: HOLDING, entity: '', ownershipPct: 100, joinedPeriod: '2026-01' },
    { organizationId: EUROSUB, entity: ' ', ownershipPct: 80, joinedPeriod: '2026-01' },
  ],
  eliminationRules: [{ name: 'Intercompany loan', accountA: '1300', accountB: '2300' }],
});

describe('the group editor’s values', () => {
  it('starts a new group in USD with one wholly owned member whose joined month is left to the user', () => {
    expect(initialGroupValues()).toEqual({
      name: '',
      reportingCurrency: 'USD',
      members: [{ organizationId: undefined, entity: '', ownershipPct: 100, joinedPeriod: '' }],
      eliminationRules: [],
    });
  });

  it('edits a group with its members, entities and rules as saved', () => {
    const group: ConsolidationGroup = {
      id: 'g1',
      name: 'Harbor group',
      reportingCurrency: 'EUR',
      parentOrganizationId: HOLDING,
      parentOrganizationName: 'Holding',
      members: [
        {
          organizationId: HOLDING,
          organizationName: 'Holding',
          baseCurrency: 'USD',
          entity: 'US',
          ownershipPct: 62.5,
          joinedPeriod: '2025-07',
        },
      ],
      eliminationRules: [{ name: 'Fees', accountA: '4200', accountB: '6200' }],
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(initialGroupValues(group)).toEqual({
      name: 'Harbor group',
      reportingCurrency: 'EUR',
      parentOrganizationId: HOLDING,
      members: [{ organizationId: HOLDING, entity: 'US', ownershipPct: 62.5, joinedPeriod: '2025-07' }],
      eliminationRules: [{ name: 'Fees', accountA: '4200', accountB: '6200' }],
    });
  });

  it('sends an empty entity as the whole organization', () => {
    const body = groupInputOf(valid());
    expect(body.members).toEqual([
      { organizationId: HOLDING, ownershipPct: 100, joinedPeriod: '2026-01' },
      { organizationId: EUROSUB, ownershipPct: 80, joinedPeriod: '2026-01' },
    ]);
    expect(groupErrors(valid())).toEqual([]);
  });
});

describe('checking a group with the API’s schema', () => {
  it('refuses a parent that is not a member, on the parent field', () => {
    const values = valid();
    values.members = values.members.slice(1);
    expect(groupErrors(values)).toEqual([{ name: ['parentOrganizationId'], message: m.parentNotMember }]);
  });

  it('names the member cell at fault: ownership above 100 and a month that is not YYYY-MM', () => {
    const values = valid();
    values.members[1] = { ...values.members[1]!, ownershipPct: 120, joinedPeriod: '' };
    expect(groupErrors(values)).toEqual([
      { name: ['members', 1, 'ownershipPct'], message: m.ownershipInvalid },
      { name: ['members', 1, 'joinedPeriod'], message: m.joinedPeriodInvalid },
    ]);
  });

  it('refuses an empty ownership rather than reading it as 0 or 100', () => {
    const values = valid();
    values.members[0] = { ...values.members[0]!, ownershipPct: null };
    expect(groupErrors(values)).toEqual([{ name: ['members', 0, 'ownershipPct'], message: m.ownershipInvalid }]);
  });

  it('puts a member twice and a rule name twice above their tables', () => {
    const values = valid();
    values.members.push({ organizationId: EUROSUB, entity: '', ownershipPct: 20, joinedPeriod: '2026-02' });
    values.eliminationRules.push({ name: 'intercompany LOAN', accountA: '1310', accountB: '2310' });
    const errors = groupErrors(values);
    expect(errors).toEqual([
      { name: ['members'], message: m.memberTwice },
      { name: ['eliminationRules'], message: m.ruleNameTwice },
    ]);
    expect(errors.every(isTableError)).toBe(true);
  });

  it('asks for both account codes of a rule and for a parent', () => {
    const values = valid();
    values.parentOrganizationId = undefined;
    values.eliminationRules[0] = { name: 'Loan', accountA: ' ', accountB: '2300' };
    expect(groupErrors(values)).toEqual([
      { name: ['parentOrganizationId'], message: m.parentRequired },
      { name: ['eliminationRules', 0, 'accountA'], message: m.ruleAccountRequired },
    ]);
  });
});

describe('the API’s refusals on the form', () => {
  it('turns `members.0.organizationId` into the field of the first member', () => {
    expect(fieldPathOf('members.0.organizationId')).toEqual(['members', 0, 'organizationId']);
    expect(fieldPathOf('name')).toEqual(['name']);
  });

  it('keeps the errors that name a field and leaves the rest to the form’s message', () => {
    expect(
      serverFieldErrors([
        { msg: 'Member organization Gone does not exist', path: 'members.1.organizationId' },
        { msg: m.nameTaken, path: 'name' },
        { msg: 'Something else', path: '' },
      ]),
    ).toEqual([
      { name: ['members', 1, 'organizationId'], message: 'Member organization Gone does not exist' },
      { name: ['name'], message: m.nameTaken },
    ]);
    expect(serverFieldErrors(undefined)).toEqual([]);
  });
});
