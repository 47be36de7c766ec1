import { describe, expect, it } from 'vitest';
import {
  containerNameSchema,
  databaseNameSchema,
  dataFactoryNameSchema,
  suggestedResourceNames,
} from './onboarding.ts';

describe('suggestedResourceNames', () => {
  it.each([
    ['Acme Landscaping, Inc.', 'acme-landscaping-inc', 'acme_landscaping_inc', 'acme-landscaping-inc-adf'],
    ['Café Müller GmbH', 'cafe-muller-gmbh', 'cafe_muller_gmbh', 'cafe-muller-gmbh-adf'],
    ['3M', '3m-files', 'org_3m', '3m-adf'],
    ['AB', 'ab-files', 'ab_books', 'ab-adf'],
    ['株式会社', 'organization', 'organization', 'organization-adf'],
    [
      'The Extraordinarily Long Named Holding Company of Everything',
      'the-extraordinarily-long-named-holding-c',
      'the_extraordinarily_long_named_holding_c',
      'the-extraordinarily-long-named-holding-c-adf',
    ],
  ])('%s → %s, %s, %s, each valid', (name, container, database, factory) => {
    const names = suggestedResourceNames(name);
    expect(names).toEqual({ containerName: container, databaseName: database, dataFactoryName: factory });
    expect(containerNameSchema.safeParse(names.containerName).success).toBe(true);
    expect(databaseNameSchema.safeParse(names.databaseName).success).toBe(true);
    expect(dataFactoryNameSchema.safeParse(names.dataFactoryName).success).toBe(true);
  });
});
