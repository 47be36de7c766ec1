import { describe, expect, it } from 'vitest';
import { followUp, isFollowUp } from './follow-up.ts';
import { parseQuestion, type ParserContext } from './parser.ts';

const context: ParserContext = {
  accounts: [
    { code: '4100', name: 'Product Sales', type: 'revenue', subtype: 'revenue', parentCode: null },
    { code: '4110', name: 'Sales - Machined Components', type: 'revenue', subtype: 'revenue', parentCode: '4100' },
    { code: '6200', name: 'Marketing Department', type: 'expense', subtype: 'operating_expense', parentCode: null },
    { code: '6230', name: 'Digital Advertising', type: 'expense', subtype: 'operating_expense', parentCode: '6200' },
    { code: '7310', name: 'Legal Fees', type: 'expense', subtype: 'operating_expense', parentCode: null },
    { code: '1310', name: 'Raw Materials - Steel', type: 'asset', subtype: 'inventory', parentCode: null },
    { code: '1311', name: 'Raw Materials - Aluminum', type: 'asset', subtype: 'inventory', parentCode: null },
    { code: '5100', name: 'Materials', type: 'expense', subtype: 'cost_of_sales', parentCode: null },
    { code: '4310', name: 'Freight Billed to Customers', type: 'revenue', subtype: 'sales', parentCode: null },
  ],
  departments: ['Sales', 'Marketing'],
  entities: ['HPC-US'],
  periods: ['2025', '2026'].flatMap((year) =>
    Array.from({ length: 12 }, (_, i) => ({
      period: `${year}-${String(i + 1).padStart(2, '0')}`,
      fiscalYear: Number(year),
      fiscalPeriod: i + 1,
    })),
  ),
  lastPeriod: '2026-10',
  counterparties: [
    { name: 'Cascade Hydraulics Inc.', role: 'customer' },
    { name: 'Northwind Marine Systems', role: 'customer' },
    { name: 'Puget Sound Steel Service', role: 'supplier' },
  ],
};

const parseQuestionOrThrow = (question: string, books: ParserContext) => {
  const parsed = parseQuestion(question, books);
  if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
  return parsed.query;
};

const queryOf = (question: string) => {
  const parsed = parseQuestion(question, context);
  if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
  return parsed.query;
};

describe('the built-in Chat DB parser', () => {
  it.each([
    ['Sales last month', 'revenue', { from: '2026-10', to: '2026-10' }],
    ['What was gross margin last quarter?', 'gross_margin_pct', { from: '2026-07', to: '2026-09' }],
    ['COGS in Q3 2025', 'cost_of_sales', { from: '2025-07', to: '2025-09' }],
    ['bottom line YTD', 'net_income', { from: '2026-01', to: '2026-10' }],
    ['opex FY2025', 'operating_expenses', { from: '2025-01', to: '2025-12' }],
    ['Revenue in the last 6 months', 'revenue', { from: '2026-05', to: '2026-10' }],
    ['Turnover in March', 'revenue', { from: '2026-03', to: '2026-03' }],
    ['Expenses in November', 'expenses', { from: '2025-11', to: '2025-11' }],
  ])('reads "%s" as %s over %j', (question, metric, timeRange) => {
    const query = queryOf(question);
    expect(query.metrics).toEqual([metric]);
    expect(query.timeRange).toEqual(timeRange);
  });

  it('ranks the top N expense accounts against their budget', () => {
    expect(queryOf('Top 5 expense accounts in March vs budget')).toMatchObject({
      metrics: ['amount'],
      dimensions: ['account'],
      filters: { accountTypes: ['expense'] },
      compare: 'budget',
      order: { by: 'amount', direction: 'desc' },
      limit: 5,
    });
  });

  it('matches accounts by name (with a slip), code and group, and departments only as departments', () => {
    expect(queryOf('Legal fes this year').filters.accountCodes).toEqual(['7310']);
    expect(queryOf('What did account 6230 cost?').filters.accountCodes).toEqual(['6230']);
    expect(queryOf('Product sales by month').filters.accountCodes).toEqual(['4100', '4110']);
    expect(queryOf('Opex of the Marketing department').filters).toEqual({ departments: ['Marketing'] });
    expect(queryOf('Sales by department').filters).toEqual({});
  });

  it('keeps the context of a follow-up and moves "the quarter before" back by the range', () => {
    const first = queryOf('Revenue last quarter');
    const before = followUp('and the quarter before?', first, context);
    expect(before.kind === 'query' && before.query.timeRange).toEqual({ from: '2026-04', to: '2026-06' });
    const marketing = followUp('what about the Marketing department?', first, context);
    expect(marketing.kind === 'query' && marketing.query.filters.departments).toEqual(['Marketing']);
  });

  it('says what it understood, names the word it did not, and offers three questions', () => {
    const parsed = parseQuestion('Tell me a story about the Marketing department last quarter', context);
    expect(parsed).toEqual({
      kind: 'unknown',
      understood: ['the Marketing department', 'Q3 2026'],
      unknown: ['story'],
      suggestions: expect.arrayContaining([expect.any(String)]),
    });
    expect(parsed.kind === 'unknown' && parsed.suggestions).toHaveLength(3);
  });

  it('reads a metric as a percentage of another, each side with its own accounts and departments', () => {
    expect(queryOf('Digital Advertising as a % of revenue in Q3 2025')).toMatchObject({
      timeRange: { from: '2025-07', to: '2025-09' },
      ratio: {
        numerator: { metric: 'amount', filters: { accountCodes: ['6230'] } },
        denominator: { metric: 'revenue', filters: {} },
      },
    });
    expect(queryOf('What share of opex was Marketing department spend last year?').ratio).toEqual({
      numerator: { metric: 'expenses', filters: { departments: ['Marketing'] } },
      denominator: { metric: 'operating_expenses', filters: {} },
    });
    expect(queryOf('opex to revenue TTM').ratio?.denominator.metric).toBe('revenue');
  });

  it('compares two named periods, the later against the earlier, and month over month', () => {
    expect(queryOf('Revenue Q1 vs Q2 2026')).toMatchObject({
      timeRange: { from: '2026-04', to: '2026-06' },
      compare: 'previous_period',
      compareMonthsBack: 3,
    });
    expect(queryOf('opex last month MoM')).toMatchObject({
      timeRange: { from: '2026-10', to: '2026-10' },
      compare: 'previous_period',
    });
    expect(queryOf('revenue this year vs last year')).toMatchObject({ compare: 'prior_year' });
  });

  it('ranks in natural wording: which month, which three, the least', () => {
    expect(queryOf('Which month had the lowest gross margin this year?')).toMatchObject({
      metrics: ['gross_margin_pct'],
      dimensions: ['period'],
      order: { by: 'gross_margin_pct', direction: 'asc' },
      limit: 1,
    });
    expect(queryOf('which three customers brought in the most revenue in 2025')).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['counterparty'],
      order: { direction: 'desc' },
      limit: 3,
    });
  });

  it('reads abbreviations and slips of metric words, and an account named with a metric word as the account', () => {
    expect(queryOf('GM% Q3 2025').metrics).toEqual(['gross_margin_pct']);
    expect(queryOf('revnue in Q3 2025').metrics).toEqual(['revenue']);
    expect(queryOf('EBITDA FY25').metrics).toEqual(['ebitda']);
    expect(queryOf('AR at the end of last year')).toMatchObject({
      metrics: ['balance'],
      filters: { accountSubtypes: ['receivable'] },
      timeRange: { from: '2025-12', to: '2025-12' },
    });
    expect(queryOf('legal fees expense this year').filters.accountCodes).toEqual(['7310']);
  });

  it('names the words it did not understand instead of answering another figure', () => {
    expect(parseQuestion('payroll as % of sales', context)).toMatchObject({
      kind: 'unknown',
      unknown: ['payroll', '%'],
    });
    expect(parseQuestion('What is the balance?', context)).toMatchObject({ kind: 'unknown', unknown: ['balance'] });
    expect(parseQuestion('forecast revenue next quarter', context)).toMatchObject({
      kind: 'unknown',
      reason: 'Chat DB answers from the books, and a forecast is not in them.',
    });
    expect(parseQuestion('Revenue in 2023', context)).toMatchObject({
      kind: 'unknown',
      reason: 'FY2023 is before the books start: the books run from Jan 2025 to Dec 2026.',
    });
  });

  it('inherits context only in an elliptical follow-up, and a follow-up with its own metric keeps it', () => {
    expect(isFollowUp('and Q3?')).toBe(true);
    expect(isFollowUp('what about Marketing?')).toBe(true);
    expect(isFollowUp("What's the weather in Seattle?")).toBe(false);
    expect(isFollowUp('Show me EBITDA for the last 6 months')).toBe(false);
    const journals = queryOf('How many journals in September?');
    const same = followUp('and gross profit?', journals, context);
    expect(same.kind === 'query' && same.query).toMatchObject({
      metrics: ['gross_profit'],
      timeRange: journals.timeRange,
    });
    const q2 = followUp('same for Q2', queryOf('Gross profit in Q3 2025'), context);
    expect(q2.kind === 'query' && q2.query.timeRange).toEqual({ from: '2025-04', to: '2025-06' });
  });

  it('explains a change: the contributors between the period and the one before, by account or department', () => {
    expect(queryOf('Why did opex go up in September 2025?')).toEqual({
      metrics: ['operating_expenses'],
      dimensions: ['account'],
      filters: {},
      timeRange: { from: '2025-09', to: '2025-09' },
      compare: 'previous_period',
      compareMonthsBack: 1,
      decompose: true,
    });
    expect(queryOf('Which departments drove the change in revenue from Q2 to Q3 2025?')).toMatchObject({
      dimensions: ['department'],
      timeRange: { from: '2025-07', to: '2025-09' },
      compareMonthsBack: 3,
      decompose: true,
    });
  });

  it('reads counterparties by the first words of their names, what moved with them, and counts them by role', () => {
    expect(queryOf('How much did Cascade Hydraulics pay us last quarter?')).toMatchObject({
      metrics: ['cash_received'],
      filters: { counterparties: ['Cascade Hydraulics Inc.'] },
      timeRange: { from: '2026-07', to: '2026-09' },
    });
    expect(queryOf('what did Puget Sound Steel bill us this year').metrics).toEqual(['billed']);
    expect(queryOf('How many customers did we invoice last month?')).toMatchObject({
      metrics: ['revenue'],
      filters: { counterparties: ['Cascade Hydraulics Inc.', 'Northwind Marine Systems'] },
      countDistinct: 'counterparty',
    });
  });

  it('reads the KPI measures by name before anything else reads their words', () => {
    expect(queryOf('debt to equity at the end of 2025')).toMatchObject({
      metrics: ['debt_to_equity'],
      timeRange: { from: '2025-12', to: '2025-12' },
    });
    expect(queryOf('average monthly net burn over the last six months')).toMatchObject({
      metrics: ['monthly_burn'],
      dimensions: [],
      timeRange: { from: '2026-05', to: '2026-10' },
    });
  });

  it('reads shorthand, possessives, calendar years and halves said in words', () => {
    expect(queryOf('revenue last qtr').timeRange).toEqual({ from: '2026-07', to: '2026-09' });
    expect(queryOf('What was our top line in 2025?').metrics).toEqual(['revenue']);
    expect(queryOf("Rank 2025's quarters by net income")).toMatchObject({
      dimensions: ['quarter'],
      timeRange: { from: '2025-01', to: '2025-12' },
      order: { by: 'net_income', direction: 'desc' },
    });
    expect(queryOf('net income for calendar 2025').timeRange).toEqual({ from: '2025-01', to: '2025-12' });
    expect(queryOf('How much did legal fees run us in the back half of 2025?')).toMatchObject({
      filters: { accountCodes: ['7310'] },
      timeRange: { from: '2025-07', to: '2025-12' },
    });
  });

  it('reads a family of accounts by its head, and an account named with a money verb as the account', () => {
    expect(queryOf('raw materials balance').filters.accountCodes).toEqual(['1310', '1311']);
    expect(queryOf('Freight billed to customers in 2025')).toMatchObject({
      metrics: ['amount'],
      filters: { accountCodes: ['4310'] },
    });
  });

  it('reads what a customer owes as its receivable, and DSO at a year end over that year', () => {
    expect(queryOf('What does Cascade Hydraulics owe us at the end of June?')).toMatchObject({
      metrics: ['balance'],
      filters: { accountSubtypes: ['receivable'], counterparties: ['Cascade Hydraulics Inc.'] },
      timeRange: { from: '2026-06', to: '2026-06' },
    });
    expect(queryOf('DPO at the end of 2025').timeRange).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('keeps the rows of a breakdown above or below a threshold, and never reads a year as one', () => {
    expect(queryOf('List the customers with more than $1.5M of revenue last year')).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['counterparty'],
      filters: { counterparties: ['Cascade Hydraulics Inc.', 'Northwind Marine Systems'] },
      threshold: { op: 'gt', value: 1_500_000 },
      order: { by: 'revenue', direction: 'desc' },
    });
    expect(queryOf('which months had expenses under 50k in 2025')).toMatchObject({
      dimensions: ['period'],
      threshold: { op: 'lt', value: 50_000 },
    });
    expect(queryOf('revenue over 2025').threshold).toBeUndefined();
  });

  it('follows up without a figure of its own: a department, a breakdown, a count, the same month last year', () => {
    const expenses = queryOf('What did we spend on digital advertising in 2026?');
    const follow = (question: string) => {
      const parsed = followUp(question, expenses, context);
      if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
      return parsed.query;
    };
    expect(follow('break that down by month').dimensions).toEqual(['period']);
    // Of a named account's lines, whoever they were with: vendors paid by card never bill through payables.
    expect(follow('how many vendors was that with?')).toMatchObject({
      countDistinct: 'counterparty',
      filters: { accountCodes: ['6230'] },
    });
    expect(follow('how many vendors was that with?').filters.counterparties).toBeUndefined();
    expect(follow('Just the Marketing department').filters.departments).toEqual(['Marketing']);
    expect(follow('compare with the same month last year')).toMatchObject({
      timeRange: expenses.timeRange,
      compare: 'prior_year',
    });
    expect(followUp("what's the weather like in Seattle?", expenses, context).kind).toBe('unknown');
  });

  it('averages flows per month, ranks the breakdown asked for, and reads a department named like a metric', () => {
    expect(queryOf('Average monthly revenue in 2025')).toMatchObject({ metrics: ['revenue'], perMonth: true });
    expect(parseQuestion('average DSO this year', context)).toMatchObject({ kind: 'unknown', unknown: ['average'] });
    expect(queryOf('revenue by customer for Q3, top 10')).toMatchObject({
      dimensions: ['counterparty'],
      order: { by: 'revenue', direction: 'desc' },
      limit: 10,
    });
    expect(queryOf('what were total sales for the Sales department')).toMatchObject({
      metrics: ['revenue'],
      filters: { departments: ['Sales'] },
    });
    expect(queryOf('month-over-month revenue for the last 3 months')).toMatchObject({
      dimensions: ['period'],
      compare: 'previous_period',
      compareMonthsBack: 1,
    });
    expect(queryOf('Which customer owes us the most?')).toMatchObject({
      metrics: ['balance'],
      dimensions: ['counterparty'],
      filters: { accountSubtypes: ['receivable'] },
      limit: 1,
    });
  });

  it('ranks every one in order for a plural without a number, one for a singular', () => {
    expect(queryOf('which customers paid us the most in 2025')).toMatchObject({ dimensions: ['counterparty'] });
    expect(queryOf('which customers paid us the most in 2025').limit).toBeUndefined();
    expect(queryOf('which customer paid us the most in 2025').limit).toBe(1);
    expect(queryOf('what are our biggest costs').limit).toBeUndefined();
    expect(queryOf('In the last 12 months, which month had the highest operating expenses?').limit).toBe(1);
  });

  it('does not read "from" before a name as the start of a time, and says what it does not compute', () => {
    expect(queryOf('revenue from product sales last quarter')).toMatchObject({
      filters: { accountCodes: ['4100', '4110'] },
      timeRange: { from: '2026-07', to: '2026-09' },
    });
    expect(queryOf('revenue from product sales last quarter').compare).toBeUndefined();
    expect(parseQuestion('Inventory turnover for 2025', context)).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/^Chat DB does not compute turnover ratios\./),
    });
  });

  it('follows up with the year before, a ranking, a comparison, the drivers and a department named like a metric', () => {
    const follow = (question: string, before: string) => {
      const parsed = followUp(question, queryOf(before), context);
      if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
      return parsed;
    };
    expect(follow('and the year before?', 'revenue last quarter').query.timeRange).toEqual({
      from: '2025-07',
      to: '2025-09',
    });
    expect(follow('which was the biggest?', 'opex by department in Q3').query).toMatchObject({
      dimensions: ['department'],
      order: { by: 'operating_expenses', direction: 'desc' },
      limit: 1,
    });
    expect(follow('vs last year?', 'revenue this year').query).toMatchObject({
      timeRange: { from: '2026-01', to: '2026-10' },
      compare: 'prior_year',
    });
    expect(follow('what drove that?', 'revenue in Q3').query).toMatchObject({
      dimensions: ['account'],
      decompose: true,
      compare: 'previous_period',
      compareMonthsBack: 3,
    });
    expect(follow('which dept was highest', 'opex last month').query).toMatchObject({
      dimensions: ['department'],
      order: { by: 'operating_expenses', direction: 'desc' },
      limit: 1,
    });
    // A new breakdown drops the ranking before it, and a breakdown by department the one department filtered.
    const trend = follow('show me the trend for the last 6 months', 'opex by department last month, top 1').query;
    expect(trend).toMatchObject({ dimensions: ['period'], timeRange: { from: '2026-05', to: '2026-10' } });
    expect(trend.order).toBeUndefined();
    expect(trend.limit).toBeUndefined();
    expect(follow('by department?', 'Marketing opex last month').query).toMatchObject({
      dimensions: ['department'],
      filters: {},
    });
    // The contributors named: a statement's "lines" are its accounts; departments when asked for.
    expect(follow('which revenue lines explain it?', 'revenue last month').query).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['account'],
      decompose: true,
      compareMonthsBack: 1,
    });
    expect(follow('which departments explain the change?', 'opex last quarter').query).toMatchObject({
      dimensions: ['department'],
      decompose: true,
      compareMonthsBack: 3,
    });
    expect(follow('and sales?', 'Marketing expenses last quarter').query).toMatchObject({
      metrics: ['expenses'],
      filters: { departments: ['Sales'] },
    });
    expect(follow('what about 2026?', 'Legal fees in 2025').reading).toBe(
      'Amount of Legal Fees, FY2026 to date (Jan – Oct 2026), all departments',
    );
    expect(followUp('as a % of budget', queryOf('revenue this year'), context).kind).toBe('unknown');
    expect(isFollowUp('same period last year?')).toBe(false);
  });

  it('explains a variance against budget, a decline, and a bridge from one quarter to the next', () => {
    expect(queryOf('explain the variance in opex vs budget for September')).toMatchObject({
      compare: 'budget',
      decompose: true,
      dimensions: ['account'],
    });
    expect(queryOf('which customers drove the revenue decline in October?')).toMatchObject({
      dimensions: ['counterparty'],
      decompose: true,
      timeRange: { from: '2026-10', to: '2026-10' },
    });
    expect(queryOf('revenue bridge Q2 to Q3 2026')).toMatchObject({
      timeRange: { from: '2026-07', to: '2026-09' },
      compare: 'previous_period',
      compareMonthsBack: 3,
      decompose: true,
    });
  });

  it('reads departments named together, net sales, shareholders equity and money owed', () => {
    expect(parseQuestion('What were our sales and marketing costs this year?', context)).toMatchObject({
      query: { metrics: ['expenses'], filters: { departments: ['Sales', 'Marketing'] } },
      reading: 'Expenses, FY2026 to date (Jan – Oct 2026), Sales and Marketing departments',
    });
    expect(queryOf('net sales in 2025').metrics).toEqual(['revenue']);
    // Total equity as the balance sheet has it: with the earnings not yet closed into it.
    expect(queryOf('shareholders equity')).toMatchObject({
      metrics: ['balance'],
      filters: { accountTypes: ['equity', 'revenue', 'expense'] },
    });
    expect(queryOf('money owed to us').filters.accountSubtypes).toEqual(['receivable']);
  });

  it('reads worded comparisons: a change said by its verb, its units, and a period "the same … last year" alone', () => {
    const yoy = { timeRange: { from: '2026-01', to: '2026-10' }, compare: 'prior_year' };
    expect(queryOf('Is opex higher or lower than last year YTD?')).toMatchObject(yoy);
    expect(queryOf('how does revenue compare with the same period last year')).toMatchObject(yoy);
    expect(queryOf('ytd revenue against py ytd')).toMatchObject(yoy);
    expect(queryOf('net income this yr compared w/ last yr')).toMatchObject(yoy);
    // Said alone without a comparison, the earlier period itself.
    expect(queryOf('revenue last year ytd').timeRange).toEqual({ from: '2025-01', to: '2025-10' });
    expect(queryOf('revenue vs the same month last year')).toMatchObject({
      timeRange: { from: '2026-10', to: '2026-10' },
      compare: 'prior_year',
    });
    expect(queryOf('Did gross margin improve from Q2 to Q3?')).toMatchObject({
      metrics: ['gross_margin_pct'],
      timeRange: { from: '2026-07', to: '2026-09' },
      compare: 'previous_period',
      compareMonthsBack: 3,
    });
    expect(queryOf('Revenue October vs September, difference in dollars and percent')).toMatchObject({
      compare: 'previous_period',
      compareMonthsBack: 1,
    });
    expect(queryOf('revenue q3 vs q2 in $ and %').compare).toBe('previous_period');
    expect(queryOf('revenue growth rate last month')).toMatchObject({ compare: 'previous_period' });
    expect(queryOf('did opex or revenue grow faster this year vs last year? both growth rates')).toMatchObject({
      metrics: ['operating_expenses', 'revenue'],
      compare: 'prior_year',
    });
    expect(queryOf("what's the delta between actual and budgeted opex for 2025").compare).toBe('budget');
    expect(queryOf('How far off budget was revenue last quarter?').compare).toBe('budget');
    expect(queryOf('EBITDA margin trend by quarter this year').dimensions).toEqual(['quarter']);
    expect(queryOf("what's our gross margin running at this year").metrics).toEqual(['gross_margin_pct']);
  });

  it('reads who: a counterparty by the first word of its name, who owes us, who we paid, customers billed', () => {
    expect(queryOf('what did we pay Puget last month')).toMatchObject({
      metrics: ['cash_paid'],
      filters: { counterparties: ['Puget Sound Steel Service'] },
    });
    // Paid to someone is not a ratio of what was paid to what they billed.
    expect(queryOf('how much did we pay to Puget in Q3')).toMatchObject({
      metrics: ['cash_paid'],
      filters: { counterparties: ['Puget Sound Steel Service'] },
    });
    expect(queryOf('how much did we pay to Puget in Q3').ratio).toBeUndefined();
    expect(queryOf('how much did Northwind pay to us in 2025').metrics).toEqual(['cash_received']);
    expect(queryOf('who owes us the most money right now')).toMatchObject({
      metrics: ['balance'],
      dimensions: ['counterparty'],
      filters: { accountSubtypes: ['receivable'] },
      order: { by: 'balance', direction: 'desc' },
      limit: 1,
    });
    expect(queryOf('who did we pay the most last quarter')).toMatchObject({
      metrics: ['cash_paid'],
      dimensions: ['counterparty'],
      limit: 1,
    });
    expect(queryOf('largest expense in October')).toMatchObject({
      dimensions: ['account'],
      filters: { accountTypes: ['expense'] },
      limit: 1,
    });
    expect(queryOf('number of unique customers billed ytd')).toMatchObject({
      metrics: ['revenue'],
      countDistinct: 'counterparty',
    });
    expect(queryOf('what have we billed Northwind this year').metrics).toEqual(['revenue']);
    expect(queryOf("which customers haven't paid us yet")).toMatchObject({
      metrics: ['balance'],
      dimensions: ['counterparty'],
      filters: { accountSubtypes: ['receivable'] },
      threshold: { op: 'gt', value: 0 },
      order: { by: 'balance', direction: 'desc' },
    });
    expect(queryOf('which suppliers do we still owe').filters.accountSubtypes).toEqual(['payable']);
    expect(queryOf('how many vendors did we use last year').countDistinct).toBe('counterparty');
    expect(queryOf("what's the average days to pay our suppliers").metrics).toEqual(['dpo']);
    expect(queryOf('average collection period last quarter').metrics).toEqual(['dso']);
  });

  it('reads a name without its "expense", write-offs, and over a period the cost rather than the balance beside it', () => {
    const chart: ParserContext = {
      ...context,
      accounts: [
        ...context.accounts,
        { code: '7680', name: 'Bad Debt Expense', type: 'expense', subtype: 'operating_expense', parentCode: null },
        { code: '7130', name: 'Bonus Expense', type: 'expense', subtype: 'operating_expense', parentCode: null },
        { code: '2240', name: 'Accrued Bonus', type: 'liability', subtype: 'accrued_liability', parentCode: null },
      ],
    };
    const codes = (question: string) => {
      const parsed = parseQuestion(question, chart);
      return parsed.kind === 'query' ? parsed.query.filters.accountCodes : parsed.kind;
    };
    expect(codes('how much bad debt did we write off last year')).toEqual(['7680']);
    expect(codes('write-offs in 2025')).toEqual(['7680']);
    expect(codes('bonus last quarter')).toEqual(['7130']);
    expect(codes('accrued bonus at the end of September')).toEqual(['2240']);
    expect(codes('bonus balance')).toEqual(['2240']);
    expect(codes('bonus')).toBe('unknown');
  });

  it('reads a product line’s margin, and two names side by side with their difference', () => {
    const chart: ParserContext = {
      ...context,
      accounts: [
        ...context.accounts,
        { code: '4140', name: 'Sales - Spare Parts', type: 'revenue', subtype: 'sales', parentCode: '4100' },
        { code: '4210', name: 'Engineering Services', type: 'revenue', subtype: 'sales', parentCode: null },
        {
          code: '5110',
          name: 'Materials - Machined Components',
          type: 'expense',
          subtype: 'cost_of_sales',
          parentCode: '5100',
        },
        {
          code: '5140',
          name: 'Materials - Spare Parts',
          type: 'expense',
          subtype: 'cost_of_sales',
          parentCode: '5100',
        },
      ],
    };
    const parse = (question: string) => parseQuestion(question, chart);
    expect(parse('margin on spare parts last quarter')).toMatchObject({
      query: { metrics: ['gross_margin_pct'], filters: { accountCodes: ['4140', '5140'] } },
      reading:
        'Gross margin % of Sales - Spare Parts and Materials - Spare Parts, Q3 2026 (Jul – Sep 2026), all departments',
    });
    expect(parse('gross profit on Sales - Machined Components in 2025')).toMatchObject({
      query: { metrics: ['gross_profit'], filters: { accountCodes: ['4110', '5110'] } },
    });
    // No cost of sales named like it: its margin cannot be told, and is not 100 %.
    expect(parse("What's the gross margin on engineering services?")).toMatchObject({
      kind: 'unknown',
      reason:
        'A margin of Engineering Services needs its cost of sales, and no cost of sales account is named like it: ask for its revenue, or for the gross margin of the business.',
    });
    expect(parse('margins on machined components vs spare parts')).toMatchObject({
      kind: 'unknown',
      reason: 'Chat DB tells the margin of one product line at a time: ask for each line on its own.',
    });
    expect(parse('sales of spare parts vs machined components last year')).toMatchObject({
      query: {
        dimensions: [],
        filters: {},
        timeRange: { from: '2025-01', to: '2025-12' },
        ratio: {
          numerator: { metric: 'amount', filters: { accountCodes: ['4140'] } },
          denominator: { metric: 'amount', filters: { accountCodes: ['4110'] } },
          difference: true,
          labels: ['Sales - Spare Parts', 'Sales - Machined Components'],
        },
      },
      reading: 'Amount: Sales - Spare Parts vs Sales - Machined Components, FY2025, side by side with the difference',
    });
    expect(parse('Legal fees vs digital advertising in 2025')).toMatchObject({
      query: { ratio: { difference: true }, timeRange: { from: '2025-01', to: '2025-12' } },
    });
    expect(parseQuestion('Legal fees vs digital advertising in 2025', chart)).not.toHaveProperty('query.compare');
    expect(parse('Cascade vs Northwind revenue in 2025')).toMatchObject({
      query: {
        metrics: ['revenue'],
        ratio: {
          numerator: { filters: { counterparties: ['Cascade Hydraulics Inc.'] } },
          denominator: { filters: { counterparties: ['Northwind Marine Systems'] } },
        },
      },
    });
    expect(parse('Sales vs Marketing department expenses last quarter')).toMatchObject({
      query: {
        ratio: {
          numerator: { metric: 'expenses', filters: { departments: ['Sales'] } },
          denominator: { metric: 'expenses', filters: { departments: ['Marketing'] } },
        },
      },
    });
    // "How much more … than": the difference of the first less the second; "less … than", the other way round.
    expect(parse('How much more did Marketing spend than the Sales department last year?')).toMatchObject({
      query: {
        timeRange: { from: '2025-01', to: '2025-12' },
        ratio: {
          numerator: { filters: { departments: ['Marketing'] } },
          denominator: { filters: { departments: ['Sales'] } },
          difference: true,
        },
      },
    });
    expect(parse('How much less did the Sales department spend than Marketing last year?')).toMatchObject({
      query: { ratio: { labels: ['Marketing', 'Sales'] } },
    });
    // Asked by month, or ranked, two names are a breakdown of both.
    expect(parse('legal fees vs digital advertising by month in 2025')).toMatchObject({
      query: { dimensions: ['period', 'account'] },
    });
  });

  it('reads a plain split, a ranking by change, a share that "went on", and periods said of a relative year', () => {
    expect(queryOf('break down last month opex by department')).toMatchObject({
      metrics: ['operating_expenses'],
      dimensions: ['department'],
      timeRange: { from: '2026-10', to: '2026-10' },
    });
    expect(queryOf('break down last month opex by department').decompose).toBeUndefined();
    expect(queryOf('split revenue for Q3 by account, biggest first')).toMatchObject({
      dimensions: ['account'],
      order: { direction: 'desc' },
    });
    expect(queryOf('split revenue for Q3 by account, biggest first').limit).toBeUndefined();
    // The change split, as before, when a change is said.
    expect(queryOf('break down the change in opex last quarter by department').decompose).toBe(true);
    expect(
      queryOf('Marketing expenses, October vs the same month last year: which 2 accounts moved the most?'),
    ).toMatchObject({
      dimensions: ['account'],
      filters: { departments: ['Marketing'] },
      compare: 'prior_year',
      decompose: true,
      limit: 2,
    });
    expect(queryOf('which revenue account grew the most in dollars, ytd vs the same period last year')).toMatchObject({
      metrics: ['revenue'],
      decompose: true,
      limit: 1,
    });
    expect(queryOf('What % of revenue went on Digital Advertising last year?').ratio).toEqual({
      numerator: { metric: 'amount', filters: { accountCodes: ['6230'] } },
      denominator: { metric: 'revenue', filters: {} },
    });
    expect(queryOf('opex since the start of 2025').timeRange).toEqual({ from: '2025-01', to: '2026-10' });
    expect(queryOf('net profit in the first quarter of last year').timeRange).toEqual({
      from: '2025-01',
      to: '2025-03',
    });
    expect(queryOf('total expenses in October last year').timeRange).toEqual({ from: '2025-10', to: '2025-10' });
    expect(queryOf('reveune by quarter for FY2025').metrics).toEqual(['revenue']);
    expect(queryOf('revenue over the last 6 months vs the prior 6')).toMatchObject({
      timeRange: { from: '2026-05', to: '2026-10' },
      compare: 'previous_period',
      compareMonthsBack: 6,
    });
    expect(queryOf('how many different GL accounts had postings in October?').countDistinct).toBe('account');
    expect(parseQuestion('Average invoice value last quarter', context)).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/^Chat DB does not compute averages per invoice, order or payment\./),
    });
  });

  it('reads a % change, over or under budget, a department budget, and the effective tax rate', () => {
    expect(queryOf('Opex Q3 2026 vs Q3 2025, what is the % change?')).toMatchObject({
      metrics: ['operating_expenses'],
      timeRange: { from: '2026-07', to: '2026-09' },
      compare: 'previous_period',
      compareMonthsBack: 12,
    });
    expect(queryOf('Are we over or under budget on opex YTD, and by how much?')).toMatchObject({
      metrics: ['operating_expenses'],
      compare: 'budget',
    });
    expect(queryOf('marketing budget vs actual last quarter')).toMatchObject({
      metrics: ['expenses'],
      filters: { departments: ['Marketing'] },
      compare: 'budget',
    });
    expect(queryOf('effective tax rate last year').ratio).toEqual({
      numerator: { metric: 'amount', filters: { accountSubtypes: ['income_tax'] } },
      denominator: { metric: 'profit_before_tax', filters: {} },
    });
  });

  it('reads a counterparty by its initials and its share of a total, and limits the drivers to the top N', () => {
    const irs: ParserContext = {
      ...context,
      counterparties: [...context.counterparties!, { name: 'Internal Revenue Service', role: 'other' }],
    };
    expect(parseQuestion('How much did we send the IRS last quarter?', irs)).toMatchObject({
      query: { metrics: ['cash_paid'], filters: { counterparties: ['Internal Revenue Service'] } },
    });
    expect(queryOf("Cascade Hydraulics' share of our revenue last year").ratio).toEqual({
      numerator: { metric: 'revenue', filters: { counterparties: ['Cascade Hydraulics Inc.'] } },
      denominator: { metric: 'revenue', filters: {} },
    });
    expect(queryOf('what drove the change in revenue from Q2 to Q3 2026? top 3 accounts')).toMatchObject({
      decompose: true,
      limit: 3,
    });
    expect(queryOf('marketing spend variance to budget by department for 2025')).toMatchObject({
      decompose: true,
      compare: 'budget',
      dimensions: ['department'],
    });
  });

  it('follows up with another account, or another counterparty by its first word', () => {
    const legal = queryOf('Legal fees last quarter');
    expect(followUp('and digital advertising?', legal, context)).toMatchObject({
      query: { metrics: ['amount'], filters: { accountCodes: ['6230'] }, timeRange: legal.timeRange },
    });
    const puget = queryOf('How much did we pay Puget Sound Steel Service in 2025?');
    const twoCascades: ParserContext = {
      ...context,
      counterparties: [...context.counterparties!, { name: 'Cascade Aluminum Supply', role: 'supplier' }],
    };
    expect(followUp('and Cascade?', puget, twoCascades).kind).toBe('unknown');
    expect(followUp('and Northwind?', puget, context)).toMatchObject({
      query: { filters: { counterparties: ['Northwind Marine Systems'] } },
    });
  });

  it('asks back on a count it does not make, and counts the ones above a figure', () => {
    expect(parseQuestion('how many times did we pay Puget Sound Steel Service this year', context)).toMatchObject({
      kind: 'unknown',
      unknown: ['how many times'],
    });
    expect(queryOf('number of suppliers we paid more than 50k in 2025')).toMatchObject({
      metrics: ['cash_paid'],
      dimensions: ['counterparty'],
      threshold: { op: 'gt', value: 50000 },
      countRows: true,
    });
    expect(queryOf('number of suppliers we paid more than 50k in 2025').countDistinct).toBeUndefined();
    expect(queryOf('legal fees to revenue ratio').ratio?.denominator.metric).toBe('revenue');
    expect(queryOf('how many days of sales outstanding').metrics).toEqual(['dso']);
  });

  it('counts the months that meet a condition: a loss, the budget beaten, a figure passed', () => {
    expect(queryOf('In how many of the last 12 months did revenue beat budget?')).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['period'],
      compare: 'budget',
      threshold: { op: 'gt', value: 0, against: 'budget' },
      countRows: true,
      timeRange: { from: '2025-11', to: '2026-10' },
    });
    expect(queryOf('how many months this year did we have a net loss')).toMatchObject({
      metrics: ['net_income'],
      threshold: { op: 'lt', value: 0 },
      countRows: true,
    });
    expect(queryOf('how many quarters was revenue above 1.8M in 2025')).toMatchObject({
      dimensions: ['quarter'],
      threshold: { op: 'gt', value: 1_800_000 },
    });
    expect(parseQuestion('how many months this year', context).kind).toBe('unknown');
  });

  it('reads a variance to budget as the budget comparison, split into contributors only when a breakdown is asked', () => {
    expect(queryOf("what's the variance between actual and budget revenue for 2025")).toMatchObject({
      metrics: ['revenue'],
      compare: 'budget',
    });
    expect(queryOf("what's the variance between actual and budget revenue for 2025").decompose).toBeUndefined();
    expect(queryOf('walk me through the change in revenue from Q2 to Q3 2026')).toMatchObject({ decompose: true });
    expect(queryOf('main drivers of opex growth ytd vs last year by department')).toMatchObject({
      decompose: true,
      dimensions: ['department'],
      compare: 'prior_year',
    });
  });

  it('lists the customers or suppliers asked for, and reads "X vs last year" as this year against the last', () => {
    expect(queryOf('list our customers')).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['counterparty'],
      filters: { counterparties: ['Cascade Hydraulics Inc.', 'Northwind Marine Systems'] },
    });
    expect(queryOf('revenue from Northwind Marine Systems vs last year')).toMatchObject({
      filters: { counterparties: ['Northwind Marine Systems'] },
      timeRange: { from: '2026-01', to: '2026-10' },
      compare: 'prior_year',
    });
  });

  it('reads comparisons asked in words: in %, higher or lower than, gone up or down since, a metric between periods', () => {
    expect(queryOf('Q3 2026 sales vs Q3 2025, % change?')).toMatchObject({
      metrics: ['revenue'],
      timeRange: { from: '2026-07', to: '2026-09' },
      compareMonthsBack: 12,
    });
    expect(queryOf('How much higher or lower was revenue in October 2026 than in October 2025?')).toMatchObject({
      timeRange: { from: '2026-10', to: '2026-10' },
      compareMonthsBack: 12,
    });
    expect(queryOf('revenue growth YTD vs the same period last year, in %').compare).toBe('prior_year');
    expect(queryOf('How are we tracking against budget on revenue this year?').compare).toBe('budget');
    expect(queryOf('working cap at the end of last month').metrics).toEqual(['working_capital']);
  });

  it('reads the words of the sixth unseen set: a year ago, dollars, points, balance sheet names, halves of a year', () => {
    const books: ParserContext = {
      ...context,
      accounts: [
        ...context.accounts,
        {
          code: '1500',
          name: 'Property, Plant and Equipment',
          type: 'asset',
          subtype: 'fixed_asset',
          parentCode: null,
        },
        {
          code: '1600',
          name: 'Accumulated Depreciation',
          type: 'asset',
          subtype: 'accumulated_depreciation',
          parentCode: null,
        },
        { code: '2100', name: 'Accounts Payable', type: 'liability', subtype: 'payable', parentCode: null },
        { code: '2110', name: 'Accounts Payable - Trade', type: 'liability', subtype: 'payable', parentCode: '2100' },
        { code: '2130', name: 'Corporate Credit Card', type: 'liability', subtype: 'credit_card', parentCode: '2100' },
        {
          code: '2520',
          name: 'Revolving Line of Credit',
          type: 'liability',
          subtype: 'long_term_debt',
          parentCode: null,
        },
      ],
    };
    const read = (question: string) => {
      const parsed = parseQuestion(question, books);
      if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
      return parsed.query;
    };
    expect(read('How did October revenue compare with October a year ago?')).toMatchObject({
      timeRange: { from: '2026-10', to: '2026-10' },
      compare: 'previous_period',
      compareMonthsBack: 12,
    });
    expect(read('by how many dollars did opex change MoM last month?')).toMatchObject({
      metrics: ['operating_expenses'],
      compareMonthsBack: 1,
    });
    expect(read('change in gross margin, last quarter vs the same quarter last year, in points')).toMatchObject({
      metrics: ['gross_margin_pct'],
      compare: 'prior_year',
    });
    expect(read('gross margin dollars last year').metrics).toEqual(['gross_profit']);
    expect(read('inventory on the balance sheet at the end of Q3 2026')).toMatchObject({
      metrics: ['balance'],
      timeRange: { from: '2026-09', to: '2026-09' },
    });
    expect(read("what's drawn on the revolver right now?").filters).toEqual({ accountCodes: ['2520'] });
    expect(read('net PP&E at the end of last month').filters).toEqual({
      accountSubtypes: ['fixed_asset', 'accumulated_depreciation'],
    });
    expect(read('PP&E at cost at month end').filters).toEqual({ accountSubtypes: ['fixed_asset'] });
    // A heading named like the group is the group (payables, not the credit card beneath the heading).
    expect(read('accounts payable at September 2026 month end')).toMatchObject({
      filters: { accountSubtypes: ['payable'] },
      timeRange: { from: '2026-09', to: '2026-09' },
    });
    expect(read('Net income H1 vs H2 last year')).toMatchObject({
      timeRange: { from: '2025-07', to: '2025-12' },
      compareMonthsBack: 6,
    });
    expect(read('October revenue vs October last year')).toMatchObject({
      timeRange: { from: '2026-10', to: '2026-10' },
      compareMonthsBack: 12,
    });
    // "Over last quarter" without a change is the quarter; with one, the quarter before.
    expect(read('avg monthly cash burn over last quarter')).toEqual({
      metrics: ['monthly_burn'],
      dimensions: [],
      filters: {},
      timeRange: { from: '2026-07', to: '2026-09' },
    });
    expect(read('revenue growth over last quarter').compare).toBe('previous_period');
    expect(
      read('which product lines drove revenue growth last quarter vs the same quarter a year ago? top 3'),
    ).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['account'],
      decompose: true,
      compare: 'prior_year',
      limit: 3,
    });
    expect(read('break the change in opex down by department for last month')).toMatchObject({
      dimensions: ['department'],
      decompose: true,
    });
    expect(read("Cascade Hydraulics' share of total revenue last year (%)").ratio).toEqual({
      numerator: { metric: 'revenue', filters: { counterparties: ['Cascade Hydraulics Inc.'] } },
      denominator: { metric: 'revenue', filters: {} },
    });
    expect(read('# of vendors we paid in Q3 2026')).toMatchObject({
      metrics: ['cash_paid'],
      countDistinct: 'counterparty',
      filters: { counterparties: ['Puget Sound Steel Service'] },
    });
    // The suppliers ranked by spend: what they billed us.
    expect(read('Top 3 suppliers by spend last year')).toMatchObject({ metrics: ['billed'], limit: 3 });
  });

  it('reads the words of the seventh unseen set: purchases and spend with a supplier, vendor bills, beating budget', () => {
    expect(queryOf('total purchases from Puget Sound Steel Service in the last twelve months')).toMatchObject({
      metrics: ['billed'],
      filters: { counterparties: ['Puget Sound Steel Service'] },
      timeRange: { from: '2025-11', to: '2026-10' },
    });
    expect(queryOf('how much have we spent with Puget Sound Steel Service YTD').metrics).toEqual(['billed']);
    expect(queryOf('what did we pay Puget Sound Steel Service YTD').metrics).toEqual(['cash_paid']);
    expect(queryOf('how many vendor bills came in last quarter')).toMatchObject({
      metrics: ['billed'],
      countDistinct: 'journal',
      filters: {},
    });
    expect(queryOf('How many invoices did we send out in October 2026?')).toMatchObject({
      countDistinct: 'journal',
      filters: { accountSubtypes: ['receivable'] },
    });
    expect(queryOf('How much did we sell in August 2026?')).toMatchObject({
      metrics: ['revenue'],
      timeRange: { from: '2026-08', to: '2026-08' },
    });
    expect(queryOf('did we beat the revenue budget last month? by how much')).toMatchObject({
      metrics: ['revenue'],
      compare: 'budget',
    });
    expect(queryOf('difference in net income between Q3 2026 and the same quarter a year earlier')).toMatchObject({
      timeRange: { from: '2026-07', to: '2026-09' },
      compare: 'prior_year',
    });
    expect(queryOf('in how many of the last 12 months did revenue top $1.5M?')).toMatchObject({
      countRows: true,
      threshold: { op: 'gt', value: 1_500_000 },
    });
    expect(queryOf('Legal Fees (the 7310 group) year to date').filters).toEqual({ accountCodes: ['7310'] });
    expect(queryOf('cash by bank account at the end of last month')).toMatchObject({
      metrics: ['balance'],
      dimensions: ['account'],
      filters: { accountSubtypes: ['cash'] },
    });
    // Split into named groups of accounts: by the groups.
    const groups: ParserContext = {
      ...context,
      accounts: [
        ...context.accounts,
        { code: '5110', name: 'Materials - Bar Stock', type: 'expense', subtype: 'cost_of_sales', parentCode: '5100' },
        { code: '5200', name: 'Direct Labour', type: 'expense', subtype: 'cost_of_sales', parentCode: null },
        { code: '5210', name: 'Machinist Wages', type: 'expense', subtype: 'cost_of_sales', parentCode: '5200' },
      ],
    };
    expect(parseQuestion('what makes up cost of sales last year? materials, direct labour', groups)).toMatchObject({
      query: {
        metrics: ['cost_of_sales'],
        dimensions: ['account_group'],
        filters: { accountCodes: ['5200', '5210', '5100', '5110'] },
      },
    });
    expect(parseQuestion('COGS for Q3 2026 broken down by account group', groups)).toMatchObject({
      query: { metrics: ['cost_of_sales'], dimensions: ['account_group'], filters: {} },
      reading: 'Cost of sales, Q3 2026 (Jul – Sep 2026), all departments, by account group',
    });
    const opex = queryOf('opex last quarter');
    expect(followUp('what % of revenue is that?', opex, context)).toMatchObject({
      query: { ratio: { numerator: { metric: 'operating_expenses' }, denominator: { metric: 'revenue' } } },
    });
    const top = queryOf('top 2 customers by revenue last year');
    expect(followUp('same but for the trailing twelve months', top, context)).toMatchObject({
      query: { timeRange: { from: '2025-11', to: '2026-10' }, limit: 2 },
    });
  });

  it('ranks and lists against the budget by the variance, lists figures above a threshold, and asks about cash by activity', () => {
    expect(queryOf('Which department went most over budget last quarter?')).toMatchObject({
      metrics: ['expenses'],
      dimensions: ['department'],
      compare: 'budget',
      order: { by: 'expenses_variance', direction: 'desc' },
      limit: 1,
    });
    expect(parseQuestion('which department overspent its budget the most last quarter', context)).toMatchObject({
      reading:
        'Expenses, Q3 2026 (Jul – Sep 2026), all departments, by department, most over budget first, one, vs budget',
    });
    expect(queryOf('departments over budget ytd')).toMatchObject({
      metrics: ['expenses'],
      dimensions: ['department'],
      compare: 'budget',
      threshold: { op: 'gt', value: 0, against: 'budget' },
    });
    expect(queryOf('which months were under budget on revenue this year')).toMatchObject({
      metrics: ['revenue'],
      dimensions: ['period'],
      threshold: { op: 'lt', value: 0, against: 'budget' },
    });
    expect(queryOf('show me expenses over 50000 in October')).toMatchObject({
      dimensions: ['account'],
      filters: { accountTypes: ['expense'] },
      threshold: { op: 'gt', value: 50_000 },
    });
    for (const question of ['How much cash did we generate from operations last year?', 'operating cash flow ytd'])
      expect(parseQuestion(question, context)).toMatchObject({
        kind: 'unknown',
        reason: expect.stringMatching(/^Chat DB does not compute cash flows by activity/),
      });
  });

  it('reads everyday phrasings: year over year alone, this year to last year, make money, owe the bank, by two things', () => {
    expect(queryOf('revenue growth year over year')).toMatchObject({
      timeRange: { from: '2026-01', to: '2026-10' },
      compare: 'prior_year',
    });
    expect(queryOf('opex MoM')).toMatchObject({ timeRange: { from: '2026-10', to: '2026-10' }, compareMonthsBack: 1 });
    expect(queryOf('compare marketing spend this year to last year')).toMatchObject({
      timeRange: { from: '2026-01', to: '2026-10' },
      compare: 'prior_year',
    });
    expect(queryOf('did we make money in September')).toMatchObject({
      metrics: ['net_income'],
      timeRange: { from: '2026-09', to: '2026-09' },
    });
    expect(queryOf('How much did we owe the bank at year end?')).toMatchObject({
      metrics: ['balance'],
      filters: { accountSubtypes: ['current_debt', 'long_term_debt'] },
    });
    expect(queryOf('expenses by department and month last quarter').dimensions).toEqual(['period', 'department']);
    expect(queryOf('how much do customers owe us')).toMatchObject({
      metrics: ['balance'],
      dimensions: [],
      filters: { accountSubtypes: ['receivable'] },
    });
    expect(queryOf('How much have we collected from customers this year?')).toMatchObject({
      metrics: ['cash_received'],
      dimensions: [],
      filters: { counterparties: ['Cascade Hydraulics Inc.', 'Northwind Marine Systems'] },
    });
    expect(queryOf('what did we pay suppliers last month')).toMatchObject({
      metrics: ['cash_paid'],
      filters: { counterparties: ['Puget Sound Steel Service'] },
    });
    expect(queryOf('what did Marketing spend on ads in H1').filters).toEqual({
      accountCodes: ['6230'],
      departments: ['Marketing'],
    });
    expect(queryOf('Legal fees YTD vs last YTD').compare).toBe('prior_year');
    // A name ending in "Ads" stays the name.
    const ads: ParserContext = {
      ...context,
      counterparties: [...context.counterparties!, { name: 'Google Ads', role: 'supplier' }],
    };
    expect(parseQuestion('payments to Google Ads in 2025', ads)).toMatchObject({
      query: { metrics: ['cash_paid'], filters: { counterparties: ['Google Ads'] } },
    });
    expect(queryOf('net income margin ytd').metrics).toEqual(['net_margin_pct']);
    // A year so far changed against the same months a year earlier; compared with months before the books, asked.
    expect(queryOf('what contributed most to the revenue growth this year')).toMatchObject({
      decompose: true,
      compare: 'prior_year',
    });
    expect(queryOf('how much did revenue grow this year').compare).toBe('prior_year');
    expect(parseQuestion('how much did revenue grow in 2025', context)).toMatchObject({
      kind: 'unknown',
      reason: 'Jan – Dec 2024 is before the books start: the books run from Jan 2025 to Dec 2026.',
    });
    expect(parseQuestion('what drove the change in revenue in 2025', context)).toMatchObject({ kind: 'unknown' });
    // "Customers spent over 100k": their revenue.
    expect(queryOf('how many customers spent over 100k this year').metrics).toEqual(['revenue']);
    // A count is no side of a percentage: "invoices to Cascade" are counted.
    expect(queryOf('count of invoices to Cascade Hydraulics Inc. YTD')).toMatchObject({
      countDistinct: 'journal',
      filters: { accountSubtypes: ['receivable'], counterparties: ['Cascade Hydraulics Inc.'] },
    });
    expect(queryOf('count of invoices to Cascade Hydraulics Inc. YTD').ratio).toBeUndefined();
    expect(isFollowUp('only Cascade Hydraulics Inc.')).toBe(true);
    expect(followUp('only Cascade Hydraulics Inc.', queryOf('revenue by month for last year'), context)).toMatchObject({
      query: { dimensions: ['period'], filters: { counterparties: ['Cascade Hydraulics Inc.'] } },
    });
    // "Charge" is not a slip of "change".
    expect(queryOf('How much freight did we charge customers last quarter?').compare).toBeUndefined();
  });

  it('reads the words of the eighth unseen set: a basis, all time, the last twelve, owing vendors, slips of shaping words', () => {
    expect(queryOf('EBITDA margin on a TTM basis')).toMatchObject({
      metrics: ['ebitda_margin_pct'],
      timeRange: { from: '2025-11', to: '2026-10' },
    });
    expect(queryOf('What share of revenue did COGS eat last month').ratio).toEqual({
      numerator: { metric: 'cost_of_sales', filters: {} },
      denominator: { metric: 'revenue', filters: {} },
    });
    expect(queryOf('effective tax rate 2025 (income tax over pre-tax income)').timeRange).toEqual({
      from: '2025-01',
      to: '2025-12',
    });
    expect(queryOf('which month in the last twelve had the highest revenue')).toMatchObject({
      dimensions: ['period'],
      timeRange: { from: '2025-11', to: '2026-10' },
      limit: 1,
    });
    expect(queryOf('total purchases from Puget Sound Steel Service since the books began').timeRange).toEqual({
      from: '2025-01',
      to: '2026-10',
    });
    expect(queryOf('money in the bank at end of October 2026').metrics).toEqual(['closing_cash']);
    const receivables: ParserContext = {
      ...context,
      accounts: [
        ...context.accounts,
        { code: '1200', name: 'Receivables', type: 'asset', subtype: 'receivable', parentCode: null },
        { code: '1210', name: 'Accounts Receivable - Trade', type: 'asset', subtype: 'receivable', parentCode: '1200' },
        {
          code: '1220',
          name: 'Allowance for Doubtful Accounts',
          type: 'asset',
          subtype: 'receivable',
          parentCode: '1200',
        },
        {
          code: '6140',
          name: 'Sales Travel and Entertainment',
          type: 'expense',
          subtype: 'operating_expense',
          parentCode: null,
        },
      ],
    };
    // "Trade AR" is the trade account; "AR", every receivable (the allowance too).
    expect(parseQuestion('trade AR balance as of last month end', receivables)).toMatchObject({
      query: { filters: { accountCodes: ['1210'] } },
    });
    expect(parseQuestion('AR balance last month end', receivables)).toMatchObject({
      query: { filters: { accountSubtypes: ['receivable'] } },
    });
    expect(parseQuestion('T&E last year', receivables)).toMatchObject({
      query: { filters: { accountCodes: ['6140'] } },
    });
    expect(queryOf('What do we owe vendors? AP at last month end').filters).toEqual({ accountSubtypes: ['payable'] });
    expect(queryOf('Legal Fees account, YTD').filters).toEqual({ accountCodes: ['7310'] });
    expect(queryOf('Legal Fees, all departments, last month').filters).toEqual({ accountCodes: ['7310'] });
    expect(queryOf('vendors paid in September — how many?')).toMatchObject({
      metrics: ['cash_paid'],
      countDistinct: 'counterparty',
    });
    expect(queryOf('revenue by cusotmer last month').dimensions).toEqual(['counterparty']);
    expect(queryOf('Puget Sound Steel Service spend ytd').metrics).toEqual(['billed']);
    expect(queryOf('Who did we pay the most last month? (vendors)')).toMatchObject({ limit: 1 });
    expect(queryOf('Gross profit by quarter, last four quarters').timeRange).toEqual({
      from: '2025-10',
      to: '2026-09',
    });
    expect(queryOf('Revenue over the last 3 full quarters').timeRange).toEqual({ from: '2026-01', to: '2026-09' });
  });

  it('follows up with a balance sheet group, the other side of the customers, and a name in full', () => {
    const books: ParserContext = {
      ...context,
      counterparties: [...context.counterparties!, { name: 'Marine View Industrial Properties LLC', role: 'supplier' }],
    };
    const after = (first: string, question: string) => {
      const before = parseQuestion(first, books);
      if (before.kind !== 'query') throw new Error(`not understood: ${first}`);
      const parsed = followUp(question, before.query, books);
      if (parsed.kind !== 'query') throw new Error(`not understood: ${question}`);
      return parsed;
    };
    expect(after('AR at the end of last month', 'and AP?')).toMatchObject({
      query: { metrics: ['balance'], filters: { accountSubtypes: ['payable'] }, timeRange: { to: '2026-10' } },
      reading: 'Balance of Accounts payable, at the end of Oct 2026, all departments',
    });
    expect(after('top 3 customers by revenue last year', 'same for suppliers').query).toMatchObject({
      metrics: ['billed'],
      dimensions: ['counterparty'],
      filters: { counterparties: ['Puget Sound Steel Service', 'Marine View Industrial Properties LLC'] },
      order: { by: 'billed', direction: 'desc' },
      limit: 3,
    });
    // A whole name is read before another's first word ("Marine" of Marine View …).
    expect(
      after('revenue from Cascade Hydraulics Inc. last year', 'how about Northwind Marine Systems').query.filters,
    ).toEqual({ counterparties: ['Northwind Marine Systems'] });
    expect(isFollowUp('by how much did opex change last month')).toBe(false);
    // What moved with the counterparties of the answer before.
    expect(after('top 2 customers by revenue last year', 'how much did they pay us?').query).toMatchObject({
      metrics: ['cash_received'],
      order: { by: 'cash_received', direction: 'desc' },
      limit: 2,
    });
    // "Which were they? rank them by revenue" after a count: the ones counted, largest first.
    const counted = parseQuestionOrThrow('How many customers did we bill in Q3 2026?', books);
    expect(followUp('which were they? rank them by revenue', counted, books)).toMatchObject({
      query: { dimensions: ['counterparty'], order: { by: 'revenue', direction: 'desc' } },
    });
    expect(isFollowUp('which were they? rank them by revenue')).toBe(true);
    // Moved to months the books do not hold (they start in January 2025): said so.
    expect(followUp('and the year before?', parseQuestionOrThrow('net income last year', books), books)).toMatchObject({
      kind: 'unknown',
      reason: 'Jan – Dec 2024 is before the books start: the books run from Jan 2025 to Dec 2026.',
    });
  });
});
