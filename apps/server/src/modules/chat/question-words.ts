import { COUNT_WORDS } from './time-expressions.ts';

/**
 * The words of a question as the parser reads them: normalized, shorthand written out, with the words that change
 * no answer (FILLER) and the ways a name may be said (a slip, a stem). A Question is what is left of one as the
 * parser reads names, time and operators out of it.
 */

/** Lower case, apostrophes dropped, everything but letters, digits, & and % a single space. */
export const normalize = (value: string) =>
  value
    .toLowerCase()
    // A possessive is its noun: "2025's quarters", "this year's sales", "last month's revenue".
    .replace(/([a-z0-9])[’']s\b/g, '$1')
    .replace(/[’']/g, '')
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();

/** Shorthand written out: "last qtr", "top line", "yr". */
const SHORTHAND: [RegExp, string][] = [
  [/\bqtrs\b/g, 'quarters'],
  [/\bqtr\b/g, 'quarter'],
  [/\byrs\b/g, 'years'],
  [/\byr\b/g, 'year'],
  [/\bm(?:o|th|nth)s\b/g, 'months'],
  [/\bm(?:th|nth)\b/g, 'month'],
  [/\btop ?line\b/g, 'revenue'],
  [/\bnet (sales|revenues?|turnover)\b/g, 'revenue'],
  // "How does revenue stack up against …": a comparison.
  [/\bstacks? up (against|to|with|vs)\b/g, 'compared with'],
  // Early-payment discounts customers take are the sales discounts.
  [/\b(early|prompt) ?pay(ment)? discounts?\b/g, 'sales discounts'],
  [/\bmonth ?ends?\b/g, 'month end'],
  [/\b(shareholders?|stockholders?|owners?|members?) ?equity\b/g, 'equity'],
  [/\bbottom ?line\b/g, 'net income'],
  // Bad debts written off are the bad debt expense.
  [/\b(bad debts?\b.*?) ?\b(write|wrote|written) ?offs?\b/g, '$1'],
  [/\b(write|wrote|written) ?offs?\b/g, 'bad debt'],
  // "Gross margin dollars", "GM $": the gross profit, not the percentage.
  [/\b(gross margin|gm|gross profit|gp) (dollars?|usd|in dollars)\b/g, 'gross profit'],
  // "By how many dollars did opex change": by how much.
  [/\bhow many (dollars?|bucks|usd)\b/g, 'how much'],
  // "October a year ago", "Q3 a year earlier": that month or quarter of the year before.
  [
    /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|q[1-4]|h[12]) (?:a|one) year (?:ago|earlier|before)\b/g,
    '$1 last year',
  ],
  // "Inventory on the balance sheet": the balance sheet is where every balance is read.
  [/\b(on|in|per|from) (the |our )?(balance sheet|bs)\b/g, ''],
  // "What's drawn on the revolver": the revolving line of credit.
  [/\b(the )?(revolver|revolving (credit )?facility|revolving credit)\b/g, '$1line of credit'],
  // "Net PP&E": property, plant and equipment.
  [/\bpp ?& ?e\b/g, 'ppe'],
  // "Grew the most in dollars": the change itself, which every comparison answers.
  [/\b(in|by) (dollars?|dollar terms|absolute terms)\b(?! (and|&))/g, ''],
  // "The last 12 months vs the prior 12": months.
  [/\b(prior|previous|preceding) (\d{1,2}|three|six|nine|twelve)\b(?! (months?|quarters?|years?))/g, '$1 $2 months'],
  // "Which customers haven't paid": what they owe us.
  [/\b(havent|hasnt|have not|has not|didnt|did not|not yet|yet to) (paid|pay)( us)?( yet)?\b/g, 'owe us'],
  // "How many vendors did we use": had dealings with.
  [/\b(use|used|work with|worked with|deal with|dealt with|do business with|did business with)\b/g, 'with'],
  // "Gross margin running at this year": where it stands.
  [/\b(running|tracking|sitting|coming in) at\b/g, 'at'],
  // "Compared w/ last yr": "w/" is "with" once the slash is gone.
  [/\bw(?= )/g, 'with'],
  // "The same quarter a year earlier": of last year.
  [/\b(the )?same (month|months|quarter|period|half) (?:a|one) year (?:earlier|ago|before)\b/g, '$1same $2 last year'],
  // "Did we beat the revenue budget": the revenue against its budget.
  [
    /\b(did|do|have|will) we (beat|miss|missed|exceed|hit|make|meet) (?:the |our )?((?:[a-z]+ ){0,2})budget\b/g,
    '$3 vs budget',
  ],
  // "EBITDA margin on a TTM basis": the period itself; LTM is TTM.
  [/\bltm\b/g, 'ttm'],
  [/\bon an? ((?:[a-z]+ ){0,2}?[a-z]+) basis\b/g, '$1'],
  // "Which month in the last twelve": months.
  [
    /\b(last|past|previous|trailing|rolling) (twelve|12|six|6|three|3|nine|9|eighteen|18|twenty four|24)\b(?! ((full|complete|whole|calendar|fiscal) )?(months?|quarters?|years?|weeks?|days?))/g,
    '$1 $2 months',
  ],
  // "Spend on ads", "ad spend": advertising ("Google Ads" stays a name).
  [/\b(on|for|in) ads\b/g, '$1 advertising'],
  [/\b(ad|ads) (spend|spending|costs?|budget)\b|\badverts?\b/g, 'advertising'],
  // "Net income margin": the net margin ("operating income margin", the operating margin).
  [/\b(net|operating) (income|profit) margin\b/g, '$1 margin'],
  // "Interest expense YTD vs last YTD": last year's to date.
  [/\b(last|prior|previous) ytd\b/g, 'last year ytd'],
  // "T&E": travel and entertainment.
  [/\bt ?& ?e\b/g, 'travel and entertainment'],
  // "Trade AR": the trade receivables account (AR alone is every receivable, the allowance too).
  [/\btrade a ?r\b/g, 'accounts receivable trade'],
  [/\btrade a ?p\b/g, 'accounts payable trade'],
  // "Money in the bank": the cash balance, not the cash that came in.
  [/\b(money|cash) (in|at) the bank\b/g, 'cash balance'],
  // "For all departments", "company-wide": the whole organization, every department.
  [/\b(for |across |in )?all (departments|depts|teams)\b|\bcompany ?wide\b/g, ''],
  // "Vendors paid in September — how many?": how many vendors.
  [/^(.+?) how many$/g, 'how many $1'],
  // "Did we make money in September": a profit.
  [/\b(make|made|making|earn|earned|earning|lose|lost|losing) (any )?money\b/g, 'profit'],
  // "How much do we owe the bank": the debt.
  [/\b(owe|owed|owing) (to )?(the )?banks?\b|\bbank (debt|loans?|borrowings?)\b/g, 'debt'],
  // "Expenses by department and month": by both.
  [
    /\bby (department|dept|team|customer|client|supplier|vendor|account|entity|month|quarter|year)s? and (department|dept|team|customer|client|supplier|vendor|account|entity|month|quarter|year)s?\b/g,
    'by $1 by $2',
  ],
  // "Cash by bank account": the bank accounts are the (cash) accounts.
  [/\b(by|per|each|for each|in each) bank accounts?\b/g, '$1 account'],
  // "Which department overspent its budget": went over it.
  [/\boverspen(t|d|ding)( (its|their|the|our) budgets?)?\b/g, 'over budget'],
  [/\bunderspen(t|d|ding)( (its|their|the|our) budgets?)?\b/g, 'under budget'],
  // "Invoices we sent out": sent.
  [/\b(send|sent|sending|went|go|going) out\b/g, '$1'],
  // "Break the change down by account": break down the change.
  [
    /\bbreak ((?:the |that |this )?(?:change|movement|variance|difference|increase|decrease|growth)(?: in(?: [a-z&]+){1,3}?)?) down\b/g,
    'break down $1',
  ],
  // "Which product lines drove revenue growth": the lines of business are the revenue accounts.
  [/\b(product|service|business) lines\b/g, 'revenue accounts'],
  [/\b(product|service|business) line\b/g, 'revenue account'],
  // "Which revenue lines explain it": a statement's lines are its accounts (the ledger's lines are "gl lines").
  [/\b(revenue|sales|income|expense|cost|opex|operating expense|p ?& ?l) (lines|line items)\b/g, '$1 accounts'],
];
/** A question as the parser reads it: normalized, shorthand written out. */
export const readable = (question: string) =>
  SHORTHAND.reduce(
    (text, [pattern, full]) => text.replace(pattern, full),
    // "# of vendors": the number of them ("#" is otherwise not a word).
    normalize(question.replace(/#\s*(?=of\b)/gi, 'number ')),
  );

/** Counts as words ("which three clients"), and "single" for one ("our single biggest customer"). */
export const NUMBER_WORDS: Record<string, number> = { ...COUNT_WORDS, single: 1 };
export const numberOf = (word: string | undefined) =>
  word === undefined ? undefined : /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];

/**
 * Words that change no answer: question words, pronouns, auxiliaries, politeness, "total", "amount". Anything
 * else left once names, time, metrics and operators are read is a word the parser did not understand.
 */
export const FILLER = new Set(
  `a an the of in on at for to from by with and or as into within over during across is are was were be been being
  am do does did doing done have has had having what whats which who whom when where how much many i me my we us
  our ours you your it its this that these those there their they them please pls kindly can could would should
  let lets show tell give list get find display report pull see look view provide bring up total totals overall
  combined sum aggregate grand amount amounts figure figures number numbers value values level levels company
  companys business firm organization organisation books ledger data gl so far just only about approximately
  roughly around exactly all any whole entire full complete make made earn earned earning generate generated
  generating bring brought book booked booking record recorded post posted incur incurred come came period periods
  month months quarter quarters year years day time end ending ended than then like hey hi hello thanks thank
  same vs versus compared compare against actual actuals actually reported real figure number stand stood issue
  issued raise raised send sent take took taken get got give gave given offered hand
  did come in at our level looks look like was there any give me what is whats the report on
  currently current now today still yet bill billed active anyone anybody everyone latest recent most result results performance run runs ran went go goes buy bought pay pays paid paying & main key primary money tracking doing performing faring charge charged charging mix`.split(
    /\s+/,
  ),
);

/** Edit distance, for names and words typed with a slip ("Legla fees", "revnue"). */
export function distance(a: string, b: string): number {
  // Optimal string alignment: two letters swapped ("reveune") is one slip, as a letter wrong or missing is.
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** A word without its common endings, to match "bill" with Billed and "discount" with Discounts. */
export const stem = (word: string) => (word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word);

/** Whether `name` (normalized words) stands in `text`, exactly or within a small edit distance per word group. */
export function mentions(text: string, name: string): string | undefined {
  if (name.length < 3) return undefined;
  if (` ${text} `.includes(` ${name} `)) return name;
  if (name.length < 8) return undefined;
  const words = text.split(' ');
  const size = name.split(' ').length;
  for (let i = 0; i + size <= words.length; i++) {
    const window = words.slice(i, i + size).join(' ');
    if (distance(window, name) <= Math.floor(name.length / 8)) return window;
  }
  return undefined;
}

/** A mutable question: what is left of it as names, time and words are read out of it. */
export class Question {
  rest: string;
  constructor(text: string) {
    this.rest = ` ${text} `;
  }
  has(pattern: RegExp) {
    return pattern.test(this.rest);
  }
  /** Takes every match of `pattern` out; answers the matches. */
  take(pattern: RegExp): string[] {
    const global = new RegExp(pattern.source, 'g');
    const found = [...this.rest.matchAll(global)].map((m) => m[0].trim()).filter(Boolean);
    if (found.length) this.rest = ` ${this.rest.replace(global, ' ').replace(/\s+/g, ' ').trim()} `;
    return found;
  }
  /** Takes one phrase (its words, once) out. */
  takePhrase(phrase: string) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.rest = ` ${this.rest
      .replace(new RegExp(`(^| )${escaped}(?= |$)`), ' ')
      .replace(/\s+/g, ' ')
      .trim()} `;
  }
  words() {
    return this.rest.trim().split(' ').filter(Boolean);
  }
  get text() {
    return this.rest.trim();
  }
}

export const ELLIPTICAL =
  /^(and|what about|how about|same(?! (period|month|months|quarter|time)\b)|now|then|also|what of|ok and|okay and|as a|as an|as %|in %|by(?! how)|vs|versus|compared (to|with)|against|only|just)(?= |$)/;
/** Words pointing back at the answer before: "was that", "those months", "of that". */
export const REFERS_BACK =
  /\b(that|those|then|it) (period|months?|quarters?|years?|time|in total|total)\b|\b(was|were|is) (that|those|it)\b|\b(does|did|do) (that|those)\b|\bof (that|those)\b|\b(that|it) compares?\b|\b(were|are) (they|these)\b|\b(list|name|show|rank|sort|order)( me)? (them|those|these)\b/;
