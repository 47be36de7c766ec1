import type { ChatMetric, SemanticQuery } from '@finboard/shared/chat';
import { METRIC_WORDS, VOCABULARY_WORDS } from './metric-vocabulary.ts';
import { MONTH_NAMES } from './time-expressions.ts';
import type { ParserAccount, ParserContext, ParserCounterparty } from './parser-types.ts';
import { Question, FILLER, mentions, normalize, stem } from './question-words.ts';

/** The organization's own names in a question: accounts, counterparties (and what moved with them), departments. */

const GENERIC_NAME_WORDS = new Set(
  `account accounts and of the for to in on a an other others total first harbor bank trade expense expenses cost
  costs sales revenue income fees fee services service tax taxes net general misc miscellaneous department
  departments dept team customer customers client clients vendor vendors supplier suppliers month months quarter
  quarters year years entity entities budget bill bills billed invoice invoices invoiced`.split(/\s+/),
);

const MONEY_VERBS = new Set(['bill', 'billed']);

interface AccountsRead {
  accounts: ParserAccount[];
  /** What the user called them, for the reading. */
  said: string[];
  /** Several accounts of different kinds share the word: which, to ask. */
  ambiguous?: { word: string; accounts: ParserAccount[] };
}

/**
 * Accounts named in the question: by code, by full name (a slip allowed), by the head of a name ("Accounts
 * Receivable" for "Accounts Receivable - Trade" when no other starts so), or by the distinctive words of a name
 * ("line of credit" → Revolving Line of Credit; "rent" → Factory Rent and Office Rent). Metric words inside a name
 * ("Bonus Expense", "Sales Commissions") belong to the account, not to the metric.
 */
export function accountsIn(
  q: Question,
  context: ParserContext,
  years: ReadonlySet<string>,
  /** Of accounts of different kinds sharing the words, the kinds the question is about, in order of weight. */
  prefer: readonly (readonly string[])[],
): AccountsRead {
  const accounts: ParserAccount[] = [];
  const said: string[] = [];
  for (const [, code] of q.rest.matchAll(/\b(?:account |acct |#)?(\d{3,6})\b/g)) {
    const account = context.accounts.find((candidate) => candidate.code === code);
    if (account && (!years.has(code!) || new RegExp(`\\b(account|acct) ${code}\\b`).test(q.rest))) {
      accounts.push(account);
      said.push(account.name);
      q.take(new RegExp(`\\b(account |acct |#)?${code}\\b`));
    }
  }
  // The head of a family of accounts ("Raw Materials - Steel", "Raw Materials - Aluminum") is not the one-word
  // account inside it ("Materials"): its words are read below, with the rest of the question.
  const heads = new Set(
    context.accounts
      .filter((account) => account.name.includes(' - '))
      .map((account) => normalize(account.name.split(' - ')[0]!))
      .filter((head) => head.includes(' ')),
  );
  const byLength = [...context.accounts].sort((a, b) => b.name.length - a.name.length);
  for (const account of byLength) {
    const name = normalize(account.name);
    if (!name.includes(' ') && [...heads].some((head) => head.split(' ').includes(name) && mentions(q.text, head)))
      continue;
    // Names that are only a metric word ("Revenue", "Cost of Sales") stay metrics.
    if (METRIC_WORDS.some(([pattern]) => new RegExp(`^(${pattern.source})$`).test(name))) continue;
    if (name.split(' ').length < 2 && name.length < 6) continue;
    // A group named after a department ("Marketing Department") means the department.
    if (context.departments.some((d) => [normalize(d), `${normalize(d)} department`].includes(name))) continue;
    const head = account.name.includes(' - ') ? normalize(account.name.split(' - ')[0]!) : undefined;
    const uniqueHead =
      head &&
      head.includes(' ') &&
      context.accounts.filter((other) => normalize(other.name).startsWith(head)).length === 1;
    // "Bad debt" of Bad Debt Expense: a name of two words or more without its "expense", when no other has them.
    const short = name.replace(/ (expense|expenses|cost|costs)$/, '');
    const uniqueShort =
      short !== name &&
      short.includes(' ') &&
      context.accounts.filter((other) => normalize(other.name).includes(short)).length === 1;
    const found =
      mentions(q.text, name) ??
      (uniqueHead ? mentions(q.text, head) : undefined) ??
      (uniqueShort ? mentions(q.text, short) : undefined);
    if (found) {
      accounts.push(account);
      said.push(account.name);
      q.takePhrase(found);
    }
  }
  // The rest of a name already matched by its head ("federal" of Income Tax Expense - Federal) is that name's.
  for (const account of accounts)
    for (const word of normalize(account.name).split(' '))
      if (word.length >= 4 && !GENERIC_NAME_WORDS.has(word) && q.words().includes(word)) q.takePhrase(word);
  // Distinctive words of names: the accounts covering most of them, then most words in all. Words are compared by
  // their stem ("bill" for Billed, "discount" for Discounts).
  const index = new Map<string, ParserAccount[]>();
  // Each account's name as word stems, once per question.
  const stemsOf = new Map(
    context.accounts.map((account) => [account, new Set(normalize(account.name).split(' ').map(stem))]),
  );
  for (const [account, stems] of stemsOf)
    for (const word of stems) if (word.length >= 3) index.set(word, [...(index.get(word) ?? []), account]);
  const metricWords = new Set(VOCABULARY_WORDS);
  // A department's name is the department ("Marketing spend"), unless the whole account name was said.
  const departmentWords = new Set(context.departments.flatMap((d) => normalize(d).split(' ')));
  const distinctive = (word: string) =>
    index.has(stem(word)) &&
    !GENERIC_NAME_WORDS.has(word) &&
    !FILLER.has(word) &&
    !metricWords.has(word) &&
    !departmentWords.has(word) &&
    word.length >= 4;
  for (let guard = 0; guard < 5; guard++) {
    const words = q.words();
    const keys = words.filter(distinctive);
    if (!keys.length) break;
    const scored = context.accounts
      .filter((account) => !accounts.includes(account))
      .map((account) => {
        const nameWords = stemsOf.get(account)!;
        return {
          account,
          keys: keys.filter((word) => nameWords.has(stem(word))).length,
          // A money verb in a name ("Freight Billed to Customers") weighs between names, never names one alone.
          all: words.filter(
            (word) => word.length >= 3 && (!FILLER.has(word) || MONEY_VERBS.has(word)) && nameWords.has(stem(word)),
          ).length,
        };
      })
      .filter((entry) => entry.keys > 0);
    const best = Math.max(...scored.map((entry) => entry.keys * 100 + entry.all));
    let chosen = scored.filter((entry) => entry.keys * 100 + entry.all === best).map((entry) => entry.account);
    // A group and its own accounts: the group (its accounts come with it).
    chosen = chosen.filter((account) => !chosen.some((other) => other.code === account.parentCode));
    const coveredWords = words.filter((word) => chosen.some((account) => stemsOf.get(account)!.has(stem(word))));
    // Accounts of different kinds share the words: the kind the question is about, when it says.
    for (const kinds of prefer) {
      const preferred = chosen.filter((account) => kinds.includes(account.type));
      if (preferred.length && preferred.length < chosen.length) chosen = preferred;
    }
    const types = new Set(chosen.map((account) => account.type));
    if (types.size > 1) return { accounts, said, ambiguous: { word: coveredWords.join(' '), accounts: chosen } };
    accounts.push(...chosen);
    said.push(
      chosen.length === 1
        ? chosen[0]!.name
        : coveredWords.filter((word) => !GENERIC_NAME_WORDS.has(word) || word === 'expense').join(' '),
    );
    for (const word of coveredWords) q.takePhrase(word);
  }
  // The rest of a chosen name said short ("refurb" of Repair and Refurbishment).
  for (const account of accounts)
    for (const word of q.words())
      if (
        word.length >= 5 &&
        !FILLER.has(word) &&
        normalize(account.name)
          .split(' ')
          .some((part) => part.length > word.length && part.startsWith(word))
      )
        q.takePhrase(word);
  return { accounts, said };
}

/**
 * Counterparties named in the question: by their whole name (a slip allowed) or its first two words or more when
 * no other counterparty starts so ("Cascade Hydraulics" for Cascade Hydraulics Inc.). Longest names first.
 */
export function counterpartiesIn(
  q: Question,
  context: ParserContext,
  /** A follow-up about another counterparty may name it by its first word alone ("and Ryerson?"). */
  options: { firstWord?: boolean } = {},
): ParserCounterparty[] {
  const all = context.counterparties ?? [];
  const found: ParserCounterparty[] = [];
  const names = all.map((party) => ({ party, words: normalize(party.name).split(' ') }));
  // By initials ("the IRS" for Internal Revenue Service): three letters or more, one counterparty's only.
  const initialsOf = (words: string[]) =>
    words
      .filter((word) => !/^(inc|co|llc|llp|ltd|corp|the|of|and|&)$/.test(word) && /^[a-z]/.test(word))
      .map((word) => word[0])
      .join('');
  for (const { party, words } of names) {
    const initials = initialsOf(words);
    if (
      initials.length >= 3 &&
      words.length >= 3 &&
      !FILLER.has(initials) &&
      !MONTH_NAMES.some((month) => month.startsWith(initials)) &&
      names.filter((other) => initialsOf(other.words) === initials).length === 1 &&
      ` ${q.text} `.includes(` ${initials} `)
    ) {
      found.push(party);
      q.takePhrase(initials);
    }
  }
  const longestFirst = names.toSorted((a, b) => b.words.length - a.words.length);
  // Whole names before the first words of others: "Northwind Marine Systems" is not "Marine View …"'s "Marine".
  for (const { party, words } of longestFirst) {
    const whole = mentions(q.text, words.join(' '));
    if (whole && words.join(' ').length >= 6) {
      found.push(party);
      q.takePhrase(whole);
    }
  }
  for (const { party, words } of longestFirst) {
    if (found.includes(party)) continue;
    let said: string | undefined;
    for (let size = words.length - 1; !said && size >= (options.firstWord ? 1 : 2); size--) {
      const head = words.slice(0, size).join(' ');
      const unique = names.filter((other) => other.words.slice(0, size).join(' ') === head).length === 1;
      if (unique && head.length >= (size === 1 ? 5 : 8) && ` ${q.text} `.includes(` ${head} `)) said = head;
    }
    if (said) {
      found.push(party);
      q.takePhrase(said);
    }
  }
  return found;
}

const isSales = (account: ParserAccount) => account.type === 'revenue' && account.subtype !== 'other_income';
const isCostOfSales = (account: ParserAccount) => account.type === 'expense' && account.subtype === 'cost_of_sales';

/**
 * "The margin on spare parts": a product line is its sales accounts and the cost of sales accounts named like them
 * (Sales - Spare Parts and Materials - Spare Parts). Read into `read` when a gross margin or profit is asked of
 * named sales accounts; the line's name when no cost of sales account is named like them (its margin cannot be
 * told), undefined otherwise.
 */
export function readProductLine(read: AccountsRead, q: Question, context: ParserContext): string | undefined {
  if (read.ambiguous) {
    const { accounts, word } = read.ambiguous;
    if (
      !accounts.every((a) => isSales(a) || isCostOfSales(a)) ||
      !accounts.some(isSales) ||
      !accounts.some(isCostOfSales)
    )
      return undefined;
    read.accounts.push(...accounts);
    read.said.push(accounts.map((account) => account.name).join(' and '));
    for (const said of word.split(' ')) q.takePhrase(said);
    delete read.ambiguous;
    return undefined;
  }
  if (!read.accounts.length || !read.accounts.every(isSales)) return undefined;
  const words = new Set(
    read.accounts.flatMap((account) =>
      normalize(account.name)
        .split(' ')
        .filter((word) => word.length >= 4 && !GENERIC_NAME_WORDS.has(word)),
    ),
  );
  const costs = context.accounts.filter(
    (account) =>
      isCostOfSales(account) &&
      words.size > 0 &&
      [...words].every((word) => normalize(account.name).split(' ').includes(word)),
  );
  if (!costs.length) return read.said.join(', ');
  read.accounts.push(...costs);
  read.said.splice(0, read.said.length, [...read.said, ...costs.map((account) => account.name)].join(' and '));
  return undefined;
}

/**
 * Words that are one counterparty's first word alone ("grainger" for Grainger Industrial Supply): five letters or
 * more, the first word of no other counterparty's name.
 */
export function namedByFirstWord(words: readonly string[], context: ParserContext): { word: string; name: string }[] {
  const all = context.counterparties ?? [];
  return words.flatMap((word) => {
    const parties = all.filter((party) => normalize(party.name).split(' ')[0] === word);
    return word.length >= 5 && parties.length === 1 ? [{ word, name: parties[0]!.name }] : [];
  });
}

/** The names of every counterparty of a role ("customers", "suppliers"). */
export const counterpartiesOfRole = (context: ParserContext, role: ParserCounterparty['role']) =>
  (context.counterparties ?? []).filter((party) => party.role === role).map((party) => party.name);

/** What money moved with a counterparty: it paid us, we paid it, it billed us, we billed or sold to it. */
export function moneyVerbIn(q: Question, parties: readonly ParserCounterparty[]): ChatMetric | undefined {
  // Only with a counterparty named or asked about ("who did we pay the most"): "how much interest did we pay" is
  // the interest expense.
  if (!parties.length && !/\b(customers?|clients?|custmers?|suppliers?|vendors?|payees?|who)\b/.test(q.rest))
    return undefined;
  // "How many vendor bills came in": the bills are counted, not a money verb.
  if (/\b(how many|number of|count of|count the)( [a-z]+){0,3} (bills?|invoices?)\b/.test(q.rest)) return undefined;
  // "Customers billed", "what have we invoiced Rainier": we billed them, their revenue (bills to us are "billed us").
  const ofCustomers =
    /\b(customers?|clients?|custmers?)\b/.test(q.rest) ||
    (parties.length > 0 && parties.every((party) => party.role === 'customer'));
  if (
    ofCustomers &&
    !/\b(bill(ed|s)?|invoice(d|s)?) us\b|\bbills? from\b/.test(q.rest) &&
    q.take(/\b(billed|invoiced|bill|invoice)\b/).length
  )
    return 'revenue';
  // "Customers who spent over 100k", "what Cascade spent with us": what they bought, our revenue.
  if (ofCustomers && q.take(/\b(spend|spent|spending|spends)( with us)?\b/).length) return 'revenue';
  const verbs: [RegExp, ChatMetric][] = [
    [
      /\b((paid|pay|pays|paying|sent|send|remitted|wired) (to )?us(?! (bills?|invoices?|statements?)\b)|received from|receipts? from|cash received( from)?|collect(ed)? from|collections? from|payments? from)\b/,
      'cash_received',
    ],
    [
      // What we spent with a supplier is what it billed us (paid is the cash).
      /\b(bill(ed|s)? us|invoice(d|s)? us|bills? from|bills? received|sent us bills|billed by|bills|billed( amount)?|spend with|spent with|spending with|spent at|spend at)\b/,
      'billed',
    ],
    [/\b(did we pay|we paid|paid to|pay to|payments? to|paid|payments|remitted( to)?|remit( to)?)\b/, 'cash_paid'],
  ];
  // What we bought from a supplier is what it billed us; counted ("how many raw material suppliers did we buy from"),
  // the suppliers on the lines of the accounts named.
  if (!/\b(how many|number of|count of|count the)\b/.test(q.rest))
    verbs.splice(1, 0, [/\b(purchases?|purchased|bought|buy|buying) from(?! us)\b/, 'billed']);
  // "Kennametal spend YTD": what a supplier named billed us, as spent with it.
  if (parties.length && parties.every((party) => party.role === 'supplier'))
    verbs.push([/\b(spend|spent|spending|purchases|purchased)\b/, 'billed']);
  // "Top suppliers by spend", "vendors by purchases": what they billed us.
  if (!parties.length && /\b(suppliers?|vendors?)\b/.test(q.rest))
    verbs.push([/\b(spend|spending|spent|purchases|purchased|bought)\b/, 'billed']);
  // Money sent is paid; invoices sent are billed, counted or summed elsewhere.
  if (!/\b(invoices?|bills?|statements?)\b/.test(q.rest))
    verbs.push([/\b(did we send|we sent|sent to|send to|sent|send)\b/, 'cash_paid']);
  for (const [pattern, metric] of verbs) if (q.take(pattern).length) return metric;
  if (
    (parties.length || /\b(customers?|clients?|custmers?|who)\b/.test(q.rest)) &&
    q.take(
      /\b(bill(ed)?|invoice(d)?|sold( to)?|sell to|buy from us|bought( from us)?|buy|purchased from us|sales to|revenue from)\b/,
    ).length
  )
    return 'revenue';
  return undefined;
}

interface Counted {
  target: NonNullable<SemanticQuery['countDistinct']>;
  role?: ParserCounterparty['role'];
  /** What the counted lines are: invoices debit receivables; bills credit payables. */
  subtypes?: string[];
  metric?: ChatMetric;
}

/** "How many (different) customers / suppliers / departments / accounts / invoices / bills". */
export function countingIn(q: Question): Counted | undefined {
  // A few words may stand between: "how many raw material suppliers" (they are read as names after).
  const match = q.rest.match(
    /\b(how many|number of|count of|count the|count)( different| distinct| unique| separate| active)?((?: [a-z]+){0,3}?) ((vendor |supplier |purchase )(bills?|invoices?)|(sales |customer )?invoices?|bills?|customers?|clients?|custmers?|suppliers?|vendors?|payees?|departments?|depts?|teams?|(expense |revenue |gl )?accounts?|counterpart(y|ies)|journals?|journal entries|entries)\b/,
  );
  if (!match) return undefined;
  const noun = match[4]!;
  q.rest = q.rest.replace(match[0], ` ${match[3]!.trim()} `).replace(/\s+/g, ' ');
  // "Vendor invoices" are the bills they sent us.
  if (/^(vendor|supplier|purchase) /.test(noun)) return { target: 'journal', metric: 'billed' };
  if (/invoice/.test(noun)) return { target: 'journal', subtypes: ['receivable'], metric: 'amount' };
  if (/bill/.test(noun)) return { target: 'journal', metric: 'billed' };
  if (/customer|client|custmer/.test(noun)) return { target: 'counterparty', role: 'customer' };
  if (/supplier|vendor/.test(noun)) return { target: 'counterparty', role: 'supplier' };
  // Payees are whoever was paid: suppliers, the tax office, the payroll provider.
  if (/payee/.test(noun)) return { target: 'counterparty' };
  if (/dep|team/.test(noun)) return { target: 'department' };
  if (/journal|entries/.test(noun)) return { target: 'journal' };
  if (/counterpart/.test(noun)) return { target: 'counterparty' };
  const kind = noun.match(/^(expense|revenue) /)?.[1];
  return { target: 'account', ...(kind ? { metric: kind === 'expense' ? 'expenses' : 'revenue' } : {}) };
}

/** Departments by name; one named like a metric ("Sales") only with "department" or "team" beside it. */
export function departmentsIn(text: string, context: ParserContext): string[] {
  const others = (name: string) =>
    context.departments
      .map(normalize)
      .filter((other) => other !== name)
      .map((other) => other.replace(/&/g, '\\&'))
      .join('|');
  return context.departments.filter((department) => {
    const name = normalize(department);
    if (!mentions(text, name)) return false;
    const isMetricWord = METRIC_WORDS.some(([pattern]) => pattern.test(` ${name} `));
    // "Sales and Marketing costs": a department beside another one is a department.
    return (
      !isMetricWord ||
      new RegExp(`\\b${name} (department|dept|team)\\b|\\b(department|dept|team) ${name}\\b`).test(text) ||
      (others(name) !== '' &&
        new RegExp(`\\b${name} (and|&) (${others(name)})\\b|\\b(${others(name)}) (and|&) ${name}\\b`).test(text))
    );
  });
}

/** Takes a department's name out; one named like a metric ("Sales") only with "department" or "team" beside it. */
export function takeDepartment(q: Question, department: string) {
  const name = normalize(department).replace(/&/g, '\\&');
  const isMetricWord = METRIC_WORDS.some(([pattern]) => pattern.test(` ${normalize(department)} `));
  if (isMetricWord && new RegExp(`\\b${name} (and|&) |\\b(and|&) ${name}\\b`).test(q.rest))
    q.take(new RegExp(`\\b(the )?${name}\\b`));
  else if (isMetricWord)
    q.take(new RegExp(`\\b(the )?${name} (department|dept|team)\\b|\\b(the )?(department|dept|team) ${name}\\b`));
  else q.take(new RegExp(`\\b(the )?${name}( department| dept| team)?\\b`));
}

/** Account groups mean the group and every account under it. */
export function withDescendants(accounts: readonly ParserAccount[], code: string): string[] {
  const codes = [code];
  for (let i = 0; i < codes.length; i++)
    for (const account of accounts)
      if (account.parentCode === codes[i] && !codes.includes(account.code)) codes.push(account.code);
  return codes;
}

/**
 * "Legal fees vs audit fees in 2025", "Marketing vs Engineering opex", "Rainier vs Kodiak revenue": two accounts,
 * departments or counterparties side by side, not a comparison of periods. The question rewritten as a breakdown
 * of both ("legal fees and audit fees in 2025 by account"), or undefined when either side names none of one kind.
 */
export function namesCompared(
  text: string,
  context: ParserContext,
  years: ReadonlySet<string>,
): { both: string; by: 'department' | 'counterparty' | 'account'; left: string; right: string } | undefined {
  // "How much more did Engineering spend than Marketing": the two, and by how much the first is more.
  const than = text.match(/^(.*?)\b(?:how much )?(?:more|less|higher|lower|bigger|smaller)\b(.*?)\bthan\b(.*)$/);
  const match = than
    ? ([text, `${than[1]!}${than[2]!}`, than[3]!] as const)
    : text.match(/^(.*?)\b(?:vs|versus|compared (?:to|with)|against)\b(.*)$/);
  if (!match || /\b(budget|plan|forecast)\b/.test(text)) return undefined;
  const [left, right] = [match[1]!.replace(/\s+/g, ' ').trim(), match[2]!.trim()];
  if (!left || !right) return undefined;
  const accounts = (side: string) => {
    const read = accountsIn(new Question(side), context, years, []);
    // A name shared by accounts of different kinds is still a name: the whole question says which kind.
    return read.accounts.length > 0 || read.ambiguous !== undefined;
  };
  const parties = (side: string) => counterpartiesIn(new Question(side), context).length > 0;
  // "Sales vs Marketing": a department named like a metric is a department beside another one.
  const named = departmentsIn(`${left} and ${right}`, context);
  const departments = (side: string) => named.some((department) => mentions(side, normalize(department)));
  const kinds = [
    [departments, 'department'],
    [parties, 'counterparty'],
    [accounts, 'account'],
  ] as const;
  const by = kinds.find(([names]) => names(left) && names(right))?.[1];
  return by ? { both: `${left} and ${right} by ${by}`, by, left, right } : undefined;
}
