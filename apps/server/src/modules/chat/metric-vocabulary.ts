import type { ChatMetric } from '@finboard/shared/chat';

/**
 * The words of finance Chat DB reads, with their abbreviations and near-synonyms — one definition of each metric,
 * the statements' and the KPI library's (docs/kpis.md): revenue is sales and contra revenue, operating expenses
 * are before depreciation and amortization, EBITDA is gross profit − operating expenses.
 * More specific phrases come first: "gross margin" before "gross", "cost of sales" before "sales".
 */
export const METRIC_WORDS: readonly [RegExp, ChatMetric][] = [
  [/\b(gross (profit )?margin( percent(age)?| pct)?|gm percent|gm pct|gm)( ?%)?(?= |$)/, 'gross_margin_pct'],
  [/\bebitda margin( ?%)?(?= |$)/, 'ebitda_margin_pct'],
  [/\b(operating (profit )?margin|ebit margin)( ?%)?(?= |$)/, 'operating_margin_pct'],
  [/\b(net (profit )?margin|profit margin|nm)( ?%)?(?= |$)/, 'net_margin_pct'],
  [/\bebitda\b/, 'ebitda'],
  [/\b(operating (income|profit|result)|ebit|income from operations)\b/, 'operating_income'],
  [/\b(gross (profit|income)|gp)\b/, 'gross_profit'],
  [/\b(cost of (sales|goods sold|goods|revenue)|cogs|cos|direct costs?)\b/, 'cost_of_sales'],
  [/\b(opex|operating (expenses?|costs?|spend)|overheads?|sg ?& ?a|sga|operating expenditure)\b/, 'operating_expenses'],
  [/\b(other income|non ?operating income)\b/, 'other_income'],
  [/\bother expenses?\b/, 'other_expenses'],
  [
    /\b(net income|net profit|net earnings|net loss|bottom line|net result|p ?& ?l|pnl|profit (and|or|&) loss|profits?|profitable|earnings)\b/,
    'net_income',
  ],
  [/\b(cash in|cash inflows?|inflows?|cash receipts|money in|cash received|cash collected)\b/, 'cash_in'],
  [/\b(cash out|cash outflows?|outflows?|money out|cash paid( out)?|cash spent)\b/, 'cash_out'],
  [/\b(net cash flow|cash flows?|net cash( movement)?|net change in cash)\b/, 'net_cash_flow'],
  [
    /\b(closing cash|cash balance|cash position|cash on hand|cash in (the )?bank|(have|money|sitting) in the bank|bank balances?|how much cash( on hand| in the bank)?|cash at bank|cash)\b/,
    'closing_cash',
  ],
  [/\b(revenues?|sales|turnover|top ?line|rev|income|billings|invoiced|sold|sell|selling)\b/, 'revenue'],
  [/\b(expenses?|expenditures?|costs?|spend|spending|spent|outgoings)\b/, 'expenses'],
  [/\b(number of journals|journals?|journal entries|entries)\b/, 'journal_count'],
  [/\b(gl lines|ledger lines|lines|transactions|postings?)\b/, 'line_count'],
  [/\bbalances?\b/, 'balance'],
];

/**
 * Balance sheet groups by their everyday names: a balance of the accounts of those standard subtypes
 * (docs/kpis.md: receivables are `receivable`, payables `payable` only, debt current and long-term debt).
 */
export const BALANCE_GROUPS: readonly [RegExp, string, readonly string[]][] = [
  [
    /\b(accounts receivables?|(trade )?receivables?|a ?\/? ?r|(trade )?debtors|(money|amounts?) owed to us|owed to us)\b/,
    'Accounts receivable',
    ['receivable'],
  ],
  [
    /\b(accounts payables?|(trade )?payables?|a ?\/? ?p|(trade )?creditors|(money|amounts?) we owe|owed by us)\b/,
    'Accounts payable',
    ['payable'],
  ],
  [/\b(inventory|inventories|stock on hand)\b/, 'Inventory', ['inventory']],
  // Net of their accumulated depreciation, as the balance sheet shows them; "gross" or alone, at cost.
  [
    /\bnet (fixed assets|ppe|property plant (and|&) equipment)\b/,
    'Fixed assets net of accumulated depreciation',
    ['fixed_asset', 'accumulated_depreciation'],
  ],
  [/(?<!\bnet )\b(fixed assets|ppe|property plant (and|&) equipment)\b/, 'Fixed assets', ['fixed_asset']],
  [/(?<!\bbad )\b(debt|borrowings|total loans)\b(?! expense)/, 'Debt', ['current_debt', 'long_term_debt']],
  [/\b(prepaids?|prepaid expenses)\b/, 'Prepaid expenses', ['prepaid']],
  [/\b(accrued liabilities|accruals)\b/, 'Accrued liabilities', ['accrued_liability']],
];

/**
 * The KPI library's balance measures by their names (docs/kpis.md), read before balance sheet groups: "debt to
 * equity" is the ratio, not the debt.
 */
export const KPI_WORDS: readonly [RegExp, ChatMetric][] = [
  [/\bworking cap(ital)?\b/, 'working_capital'],
  [/\bcurrent ratio\b/, 'current_ratio'],
  [/\b(quick ratio|acid test( ratio)?)\b/, 'quick_ratio'],
  [/\b(debt to equity( ratio)?|debt equity ratio|d ?\/? ?e ratio|gearing( ratio)?)\b/, 'debt_to_equity'],
  [
    /\b(dso|days (of )?sales outstanding|debtor days|receivables? days|(average )?(collection period|days to (collect|get paid)))\b/,
    'dso',
  ],
  [
    /\b(dpo|days (of )?payables? outstanding|creditor days|payables? days|(average )?days to pay( our)?( suppliers| vendors| bills)?)\b/,
    'dpo',
  ],
  [/\b(dio|days (of )?inventory (outstanding|on hand)|inventory days|days in inventory)\b/, 'dio'],
  [/\b(cash conversion cycle|cash cycle|ccc|cash to cash( cycle)?)\b/, 'cash_conversion_cycle'],
  [/\b((cash )?runway|months of (cash|runway)( left)?)\b/, 'cash_runway'],
  [/\b((average|avg|mean) )?(monthly )?(net )?(cash )?burn( rate)?\b/, 'monthly_burn'],
  [
    /\b(pbt|profit before (income )?tax(es)?|pre ?tax (profit|income)|earnings before (income )?tax(es)?|ebt|(net )?income before (income )?tax(es)?)\b/,
    'profit_before_tax',
  ],
];

/**
 * Measures finance people ask for that Chat DB does not compute: named back, never answered with a figure that
 * shares a word with them ("inventory turnover" is not the inventory balance).
 */
export const NOT_COMPUTED: readonly [RegExp, string][] = [
  [
    /\b(inventory|stock|receivables?|debtors?|payables?|creditors?|assets?|working capital) turn(over|s)?\b/,
    'turnover ratios',
  ],
  [/\b(return on (equity|assets|capital|investment|capital employed)|roe|roa|roi|roce|roic)\b/, 'returns on capital'],
  [/\b(aging|ageing|aged (receivables|payables|debtors|creditors))\b/, 'aging'],
  [/\b(break ?even|breakeven|contribution margin|unit economics)\b/, 'break-even and contribution analysis'],
  // Cash by activity needs the cash flow statement's classification, which Chat DB does not make: not the
  // Operations department's cash, nor the net change in cash.
  [
    /\b(operating cash flows?|cash flows? (from|of) (operations|operating activities|investing|financing)|(generated?|generating|provided|produced|used) (from|by|in) (operations|operating activities|investing|financing)|(from|in) (operating|investing|financing) activities|free cash flow|fcf|capex|capital expenditures?)\b/,
    'cash flows by activity (operating, investing, financing), free cash flow or capital expenditure',
  ],
  [
    /\b(average|avg|mean|typical) (invoice|order|sale|ticket|deal|bill|payment|transaction)( (value|size|amount))?\b/,
    'averages per invoice, order or payment',
  ],
];

/**
 * What a ledger does not hold: named back as outside the books, never answered with the nearest figure.
 */
export const NOT_IN_THE_BOOKS: readonly [RegExp, string][] = [
  [
    /\b(forecasts?|forecasted|projections?|projected|predict(ed|ion)?s?|outlook|will (we|it|be)|expect(ed)? to|going to be)\b/,
    'a forecast',
  ],
  // Counting people, not paying them: "employee benefits" and "salaries of our staff" are in the books.
  [
    /\b(headcount|how many (employees|people|staff|workers)|number of (employees|staff|people)|ftes?|new hires|hired|hiring)\b/,
    'headcount',
  ],
  [/\b(quotas?|quota attainment|targets? attainment|pipeline|bookings|win rate)\b/, 'sales quotas and pipeline'],
  [/\b(churn|retention|nps|net promoter|customer satisfaction|ltv|cac|arr|mrr)\b/, 'customer metrics'],
  [/\b(stock price|share price|market cap|valuation|stock market)\b/, 'market data'],
  [/\b(weather|temperature|rain|sports?|game|score|joke|poem|recipe|news|capital of)\b/, 'something outside finance'],
];

/** Every word the metric vocabulary is made of, for correcting a slip ("revnue", "expnses", "margn"). */
export const VOCABULARY_WORDS: readonly string[] = [
  ...new Set(
    [...METRIC_WORDS, ...KPI_WORDS, ...BALANCE_GROUPS.map(([pattern]) => [pattern] as const)].flatMap(
      ([pattern]) => pattern.source.match(/[a-z]{4,}/g) ?? [],
    ),
  ),
];

/** The money flows a ratio or a decomposition reads. */
export const FLOW_METRICS: readonly ChatMetric[] = [
  'revenue',
  'cost_of_sales',
  'gross_profit',
  'operating_expenses',
  'other_expenses',
  'expenses',
  'net_income',
  'other_income',
  'ebitda',
  'operating_income',
  'amount',
  'cash_received',
  'cash_paid',
  'billed',
];
