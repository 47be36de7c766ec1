import type { Month } from './calendar.ts';
import { isoDate } from './calendar.ts';
import {
  COMPANY,
  CUSTOMERS,
  MATERIAL_SUPPLIERS,
  PRODUCT_LINES,
  SUPPLIERS,
  type Customer,
  type Department,
  type Supplier,
} from './company.ts';
import { formatCents, scale, split, toCents, type Cents } from './money.ts';
import type { Random } from './random.ts';
import type { AccountRow, GlDetailRow } from './rows.ts';

interface Line {
  account: string;
  debit?: Cents;
  credit?: Cents;
  description: string;
  department?: Department | null;
  counterparty?: string | null;
}

/** Journal id prefixes: the kind of document, as an ERP numbers them. */
type JournalKind = 'OB' | 'SI' | 'CS' | 'CR' | 'AP' | 'PY' | 'PR' | 'MFG' | 'JE' | 'TR' | 'CC' | 'BK';

interface Journal {
  kind: JournalKind;
  month: number;
  day: number;
  reference: string;
  lines: Line[];
  /** Creation order: ties on the same day keep it, so ids are stable. */
  seq: number;
}

/** Calendar months per year of the business: a summer slowdown and a quiet December. */
const SEASON = [0.93, 0.97, 1.06, 1.03, 1.07, 1.04, 0.9, 0.88, 1.05, 1.09, 1.02, 0.84];
/** Factory power and gas: more in winter. */
const HEATING = [1.3, 1.22, 1.08, 0.95, 0.86, 0.82, 0.85, 0.86, 0.9, 1.0, 1.15, 1.3];

const BASE_MONTHLY_REVENUE = 1_420_000;
const MONTHLY_GROWTH = 1.0095;

/** Gross monthly salaries by payroll group, in dollars, at the start of the history. */
const PAYROLL_GROUPS: {
  department: Department;
  wages: string;
  burden: string;
  monthly: number;
  /** Production staff follow volume; the rest grow slowly with headcount. */
  variable: boolean;
}[] = [
  { department: 'Operations', wages: '5210', burden: '5230', monthly: 158_000, variable: true },
  { department: 'Operations', wages: '5380', burden: '5230', monthly: 31_500, variable: false },
  { department: 'Sales', wages: '6110', burden: '6130', monthly: 52_000, variable: false },
  { department: 'Marketing', wages: '6210', burden: '6220', monthly: 21_500, variable: false },
  { department: 'Engineering', wages: '6310', burden: '6320', monthly: 56_000, variable: false },
  { department: 'Operations', wages: '6410', burden: '6420', monthly: 37_500, variable: false },
  { department: 'G&A', wages: '7110', burden: '7120', monthly: 61_000, variable: false },
];

const RAW_MATERIALS: { account: string; share: number }[] = [
  { account: '1310', share: 0.46 },
  { account: '1311', share: 0.29 },
  { account: '1312', share: 0.25 },
];

/** Depreciable asset accounts: their accumulated depreciation, expense account, department and life in years. */
const ASSET_CLASSES = [
  {
    asset: '1510',
    accumulated: '1610',
    expense: '5360',
    department: 'Operations',
    years: 15,
    label: 'leasehold improvements',
  },
  {
    asset: '1520',
    accumulated: '1620',
    expense: '5360',
    department: 'Operations',
    years: 10,
    label: 'machinery and equipment',
  },
  {
    asset: '1540',
    accumulated: '1640',
    expense: '5360',
    department: 'Operations',
    years: 5,
    label: 'tooling and dies',
  },
  { asset: '1550', accumulated: '1650', expense: '6460', department: 'Operations', years: 6, label: 'vehicles' },
  { asset: '1560', accumulated: '1660', expense: '7690', department: 'G&A', years: 3, label: 'computer equipment' },
  { asset: '1570', accumulated: '1670', expense: '7690', department: 'G&A', years: 7, label: 'furniture and fixtures' },
] as const;

const CARD_SPEND: { account: string; department: Department; merchants: string[]; min: number; max: number }[] = [
  {
    account: '6140',
    department: 'Sales',
    merchants: ['Alaska Airlines', 'Marriott Seattle', 'Hertz', 'Canlis'],
    min: 60,
    max: 1400,
  },
  {
    account: '7660',
    department: 'G&A',
    merchants: ['Metropolitan Grill', 'Starbucks', 'Panera Catering'],
    min: 25,
    max: 420,
  },
  { account: '7670', department: 'G&A', merchants: ['Delta Air Lines', 'Hilton Portland', 'Uber'], min: 30, max: 900 },
  { account: '7610', department: 'G&A', merchants: ['Amazon Business', 'Staples', 'Office Depot'], min: 15, max: 380 },
  {
    account: '7640',
    department: 'G&A',
    merchants: ['LinkedIn', 'Wall Street Journal', 'ASME Membership'],
    min: 20,
    max: 600,
  },
  {
    account: '6350',
    department: 'Engineering',
    merchants: ['Udemy Business', 'SME Online', 'Coursera'],
    min: 40,
    max: 700,
  },
  { account: '6430', department: 'Operations', merchants: ['Home Depot', 'Uline', 'Fastenal'], min: 20, max: 650 },
  { account: '6230', department: 'Marketing', merchants: ['Meta Ads', 'LinkedIn Ads', 'Canva'], min: 30, max: 1500 },
];

export interface LedgerInput {
  months: readonly Month[];
  accounts: readonly AccountRow[];
  random: Random;
}

/** 02_GL_Detail: every journal balances; amounts are computed in cents. */
export function generateLedger({ months, accounts, random }: LedgerInput): GlDetailRow[] {
  const accountType = new Map(accounts.map((account) => [account.account_code, account.account_type]));
  const first = months[0]!;
  const monthNumber = (year: number, month: number) => year * 12 + month - 1 - (first.year * 12 + first.month - 1);
  const scheduled = months.map((): Journal[] => []);
  const balances = new Map<string, Cents>();
  const balance = (account: string) => balances.get(account) ?? 0;
  const rows: GlDetailRow[] = [];
  let seq = 0;
  let invoiceNumber = 24_100;
  let paymentNumber = 58_200;

  /** Files a journal in its month; one dated after the last month stays open (it is not posted). */
  function post(kind: JournalKind, month: number, day: number, reference: string, lines: Line[]) {
    if (lines.some((line) => (line.debit ?? 0) < 0 || (line.credit ?? 0) < 0)) {
      throw new Error(`journal ${kind} ${reference} has a negative amount`);
    }
    const kept = lines.filter((line) => (line.debit ?? 0) !== 0 || (line.credit ?? 0) !== 0);
    const debits = kept.reduce((sum, line) => sum + (line.debit ?? 0), 0);
    const credits = kept.reduce((sum, line) => sum + (line.credit ?? 0), 0);
    if (debits !== credits) throw new Error(`journal ${kind} ${reference} does not balance: ${debits} vs ${credits}`);
    if (month < 0 || month >= months.length || kept.length === 0) return;
    const days = months[month]!.days;
    scheduled[month]!.push({ kind, month, day: Math.min(Math.max(day, 1), days), reference, lines: kept, seq: seq++ });
  }

  /** The date `days` after a day of a month, as a month number and a day. */
  function later(month: number, day: number, days: number): { month: number; day: number } {
    const base = months[0]!;
    const date = new Date(Date.UTC(base.year, base.month - 1 + month, day + days));
    return { month: monthNumber(date.getUTCFullYear(), date.getUTCMonth() + 1), day: date.getUTCDate() };
  }

  const businessDay = (month: Month) => random.pick(month.businessDays);
  const lastBusinessDay = (month: Month) => month.businessDays[month.businessDays.length - 1]!;
  /** The first business day on or after `day`. */
  const businessDayFrom = (month: Month, day: number) =>
    month.businessDays.find((d) => d >= day) ?? lastBusinessDay(month);
  const dollars = (min: number, max: number) => toCents(random.between(min, max));
  const nextPayment = () => `ACH-${paymentNumber++}`;

  /** A supplier's bill (debits the given lines, credits payables) and its payment when due. */
  function bill(
    supplier: Supplier,
    month: number,
    day: number,
    lines: { account: string; amount: Cents; description: string; department?: Department | null }[],
    payable = '2110',
  ) {
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const reference = `${supplier.name.replace(/[^A-Z]/g, '').slice(0, 3) || 'SUP'}-${random.int(10_000, 99_999)}`;
    post('AP', month, day, reference, [
      ...lines.map((line) => ({
        account: line.account,
        debit: line.amount,
        description: line.description,
        department: line.department ?? null,
        counterparty: supplier.name,
      })),
      { account: payable, credit: total, description: `Bill ${reference}`, counterparty: supplier.name },
    ]);
    const due = later(month, day, supplier.terms + (supplier.terms > 0 ? random.int(-4, 6) : 0));
    const payDay = due.month < months.length ? businessDayFrom(months[due.month]!, due.day) : due.day;
    const payment = nextPayment();
    post('PY', due.month, payDay, payment, [
      { account: payable, debit: total, description: `Payment of ${reference}`, counterparty: supplier.name },
      { account: '1110', credit: total, description: `${payment} to ${supplier.name}`, counterparty: supplier.name },
    ]);
  }

  /** A customer's payment of an invoice: on terms, early with a 2% discount, or short by a small allowance. */
  function receipt(customer: Customer, month: number, day: number, invoice: string, total: Cents) {
    const early = customer.earlyPayer && random.chance(0.8);
    const due = later(month, day, early ? random.int(6, 10) : customer.terms + random.int(-6, 21));
    const discount = early ? scale(total, 0.02) : 0;
    const allowance = !early && random.chance(0.03) ? scale(total, random.between(0.01, 0.04)) : 0;
    const received = total - discount - allowance;
    const dueMonth = months[due.month];
    post('CR', due.month, dueMonth ? businessDayFrom(dueMonth, due.day) : due.day, invoice, [
      { account: '1110', debit: received, description: `Receipt for ${invoice}`, counterparty: customer.name },
      {
        account: '4910',
        debit: discount,
        description: `2% early payment discount on ${invoice}`,
        department: 'Sales',
        counterparty: customer.name,
      },
      {
        account: '4920',
        debit: allowance,
        description: `Pricing allowance on ${invoice}`,
        department: 'Sales',
        counterparty: customer.name,
      },
      { account: '1210', credit: total, description: `Payment of ${invoice}`, counterparty: customer.name },
    ]);
  }

  // ---- Opening position: receivables and payables still open at the start, then the balances journal.
  const openInvoices = Array.from({ length: 70 }, () => {
    const customer = random.weighted(CUSTOMERS, (c) => c.weight);
    return {
      customer,
      age: random.int(1, Math.min(customer.terms + 10, 60)),
      invoice: `INV-${invoiceNumber++}`,
      total: dollars(4_000, 58_000),
    };
  });
  const openingReceivables = openInvoices.reduce((sum, item) => sum + item.total, 0);
  const openBills = Array.from({ length: 18 }, () => {
    const [account, suppliers] = random.pick(Object.entries(MATERIAL_SUPPLIERS));
    return { account, supplier: random.pick(suppliers), amount: dollars(8_000, 48_000) };
  });
  const openingPayables = openBills.reduce((sum, item) => sum + item.amount, 0);
  const insuranceAnnual = toCents(186_000);
  const monthsOfCoverLeft = 13 - first.month;
  const openingUtilities = toCents(19_500 * HEATING[(first.month + 10) % 12]!);
  const opening: [string, Cents][] = [
    ['1110', toCents(845_000)],
    ['1120', toCents(25_000)],
    ['1130', toCents(400_000)],
    ['1210', openingReceivables],
    ['1220', -toCents(45_000)],
    ['1310', toCents(312_000)],
    ['1311', toCents(188_000)],
    ['1312', toCents(161_000)],
    ['1320', toCents(214_000)],
    ['1330', toCents(642_000)],
    ['1340', -toCents(36_000)],
    ['1410', Math.round((insuranceAnnual * monthsOfCoverLeft) / 12)],
    ['1440', toCents(12_400)],
    ['1450', toCents(96_000)],
    ['1510', toCents(780_000)],
    ['1520', toCents(3_900_000)],
    ['1540', toCents(420_000)],
    ['1550', toCents(210_000)],
    ['1560', toCents(140_000)],
    ['1570', toCents(95_000)],
    ['1610', -toCents(310_000)],
    ['1620', -toCents(1_650_000)],
    ['1640', -toCents(190_000)],
    ['1650', -toCents(120_000)],
    ['1660', -toCents(88_000)],
    ['1670', -toCents(52_000)],
    ['2110', -openingPayables],
    ['2130', -toCents(17_800)],
    ['2220', -openingUtilities],
    ['2230', -toCents(3_500 * ((first.month + 8) % 12))],
    ['2240', -toCents(11_000 * (first.month <= 3 ? first.month + 11 : first.month - 1))],
    ['2410', -toCents(58_000)],
    ['2430', -toCents(6_900)],
    ['2510', -toCents(2_600_000)],
    ['3100', -toCents(500_000)],
    ['3200', -toCents(1_250_000)],
  ];
  const retained = -opening.reduce((sum, [, amount]) => sum + amount, 0);
  opening.push(['3300', retained]);
  post(
    'OB',
    0,
    1,
    'Opening balances',
    opening.map(([account, amount]) => ({
      account,
      debit: amount > 0 ? amount : 0,
      credit: amount < 0 ? -amount : 0,
      description: 'Opening balance',
    })),
  );
  // Opening liabilities settled in the first month.
  for (const { customer, age, invoice, total } of openInvoices) receipt(customer, 0, 1 - age, invoice, total);
  for (const { account, supplier, amount } of openBills) {
    const payment = nextPayment();
    post('PY', 0, businessDayFrom(first, random.int(2, 24)), payment, [
      {
        account: '2110',
        debit: amount,
        description: `Payment of opening bill (${account})`,
        counterparty: supplier.name,
      },
      { account: '1110', credit: amount, description: `${payment} to ${supplier.name}`, counterparty: supplier.name },
    ]);
  }
  const firstPayday = businessDayFrom(first, 10);
  post('PY', 0, firstPayday, nextPayment(), [
    {
      account: '2130',
      debit: toCents(17_800),
      description: 'Card statement payment',
      counterparty: SUPPLIERS.card.name,
    },
    {
      account: '1110',
      credit: toCents(17_800),
      description: 'Card statement payment',
      counterparty: SUPPLIERS.card.name,
    },
  ]);
  post('PY', 0, businessDayFrom(first, 25), nextPayment(), [
    { account: '2430', debit: toCents(6_900), description: 'B&O tax return', counterparty: SUPPLIERS.state.name },
    { account: '1110', credit: toCents(6_900), description: 'B&O tax return', counterparty: SUPPLIERS.state.name },
  ]);

  let previousRevenue = toCents(BASE_MONTHLY_REVENUE * SEASON[(first.month + 10) % 12]!);
  let previousCardTotal = 0;
  let previousBAndO = 0;
  let previousUtilitiesAccrual = openingUtilities;
  let salaryRaise = 1;

  for (const month of months) {
    const m = month.index;
    const growth = MONTHLY_GROWTH ** m;
    const season = SEASON[month.month - 1]!;
    const heating = HEATING[month.month - 1]!;
    if (month.month === 1 && m > 0) salaryRaise *= 1.035;

    // ---- Sales: invoices by customer and product line, cost of sales at each line's materials share.
    const revenueTarget = toCents(BASE_MONTHLY_REVENUE * growth * season * random.between(0.95, 1.05));
    const invoiceCount = Math.round(140 * growth * season * random.between(0.94, 1.06));
    const invoiceTotals = split(
      revenueTarget,
      Array.from({ length: invoiceCount }, () => random.between(0.25, 1.9)),
    );
    const invoiceDays = invoiceTotals.map(() => businessDay(month)).sort((a, b) => a - b);
    let monthRevenue = 0;
    let materialsRelieved = 0;
    invoiceTotals.forEach((amount, i) => {
      const day = invoiceDays[i]!;
      const customer = random.weighted(CUSTOMERS, (c) => c.weight);
      const invoice = `INV-${invoiceNumber++}`;
      const count = random.int(1, 4);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(random.weighted([0, 1, 2, 3, 4, 5], (k) => customer.mix[k]! || 0.0001));
      const lines = [...chosen].map((k) => PRODUCT_LINES[k]!);
      const parts = split(
        amount,
        lines.map(() => random.between(0.5, 2)),
      );
      const freight = random.chance(0.3) ? scale(amount, random.between(0.008, 0.02)) : 0;
      const total = amount + freight;
      monthRevenue += total;
      post('SI', m, day, invoice, [
        { account: '1210', debit: total, description: `Invoice ${invoice}`, counterparty: customer.name },
        ...lines.map((line, k) => ({
          account: line.revenueAccount,
          credit: parts[k]!,
          description: `${line.name} - ${invoice}`,
          department: 'Sales' as const,
          counterparty: customer.name,
        })),
        {
          account: '4310',
          credit: freight,
          description: `Freight billed - ${invoice}`,
          department: 'Sales',
          counterparty: customer.name,
        },
      ]);
      const costs = lines.flatMap((line, k) => {
        if (!line.materialsAccount || line.materialsShare === 0) return [];
        const cost = scale(parts[k]!, line.materialsShare * random.between(0.94, 1.06));
        materialsRelieved += cost;
        return [
          {
            account: line.materialsAccount,
            debit: cost,
            description: `Materials cost - ${line.name} - ${invoice}`,
            department: 'Operations' as const,
            counterparty: customer.name,
          },
          {
            account: '1330',
            credit: cost,
            description: `Finished goods shipped - ${invoice}`,
            counterparty: customer.name,
          },
        ];
      });
      post('CS', m, day, invoice, costs);
      receipt(customer, m, day, invoice, total);
    });

    // ---- Production: weekly issues of raw materials to work in process, completions to finished goods.
    const weeks = [5, 12, 19, 26].map((day) => businessDayFrom(month, day));
    const issued = split(scale(materialsRelieved, random.between(0.97, 1.04)), [1, 1, 1, 1]);
    let issuedTotal = 0;
    weeks.forEach((day, w) => {
      const amount = issued[w]!;
      issuedTotal += amount;
      const byMaterial = split(
        amount,
        RAW_MATERIALS.map((material) => material.share),
      );
      const completed = scale(amount, random.between(0.985, 1.008));
      post('MFG', m, day, `WO-${month.period.replace('-', '')}-W${w + 1}`, [
        {
          account: '1320',
          debit: amount,
          description: `Materials issued to production, week ${w + 1}`,
          department: 'Operations',
        },
        ...RAW_MATERIALS.map((material, k) => ({
          account: material.account,
          credit: byMaterial[k]!,
          description: `Materials issued to production, week ${w + 1}`,
          department: 'Operations' as const,
        })),
        {
          account: '1330',
          debit: completed,
          description: `Production completed, week ${w + 1}`,
          department: 'Operations',
        },
        {
          account: '1320',
          credit: completed,
          description: `Production completed, week ${w + 1}`,
          department: 'Operations',
        },
      ]);
    });

    // ---- Purchases of raw materials, about what production used, spread over the suppliers.
    for (const material of RAW_MATERIALS) {
      const need = scale(issuedTotal, material.share * random.between(0.93, 1.07));
      const count = random.int(9, 14);
      const amounts = split(
        need,
        Array.from({ length: count }, () => random.between(0.4, 1.6)),
      );
      for (const amount of amounts) {
        const supplier = random.pick(MATERIAL_SUPPLIERS[material.account]!);
        const freightIn = random.chance(0.35) ? scale(amount, random.between(0.01, 0.03)) : 0;
        bill(supplier, m, businessDay(month), [
          { account: material.account, amount, description: `Purchase order PO-${random.int(40_000, 79_999)}` },
          { account: '5410', amount: freightIn, description: 'Inbound freight', department: 'Operations' },
        ]);
      }
    }

    // ---- Payroll, twice a month: wages and employer costs by department, withholdings, net pay.
    for (const [half, payday] of [
      [1, businessDayFrom(month, 15) > 15 ? month.businessDays.filter((d) => d <= 15).pop()! : 15],
      [2, lastBusinessDay(month)],
    ] as const) {
      const reference = `PAY-${month.period}-${half === 1 ? 'A' : 'B'}`;
      const lines: Line[] = [];
      let gross = 0;
      let burden = 0;
      for (const group of PAYROLL_GROUPS) {
        const factor = group.variable ? growth * season : growth ** 0.35;
        const wages = toCents((group.monthly / 2) * factor * salaryRaise * random.between(0.985, 1.015));
        const employer = scale(wages, 0.1865);
        gross += wages;
        burden += employer;
        lines.push(
          {
            account: group.wages,
            debit: wages,
            description: `Salaries and wages ${reference}`,
            department: group.department,
          },
          {
            account: group.burden,
            debit: employer,
            description: `Employer taxes and benefits ${reference}`,
            department: group.department,
          },
        );
        if (group.wages === '5210') {
          const overtime = toCents((group.monthly / 2) * 0.07 * factor * season * random.between(0.6, 1.4));
          gross += overtime;
          lines.push({
            account: '5220',
            debit: overtime,
            description: `Overtime ${reference}`,
            department: 'Operations',
          });
        }
      }
      if (half === 1) {
        const commission = scale(previousRevenue, 0.015);
        gross += commission;
        const commissionBurden = scale(commission, 0.0765);
        burden += commissionBurden;
        lines.push(
          { account: '6120', debit: commission, description: `Sales commissions ${reference}`, department: 'Sales' },
          {
            account: '6130',
            debit: commissionBurden,
            description: `Employer taxes on commissions ${reference}`,
            department: 'Sales',
          },
        );
      }
      const federal = scale(gross, 0.112);
      const statePremiums = scale(gross, 0.0058);
      const fica = scale(gross, 0.0765) * 2;
      const retirement = scale(gross, 0.052) + scale(gross, 0.021);
      const health = burden - fica / 2 - scale(gross, 0.021) + scale(gross, 0.034);
      const net = gross + burden - federal - statePremiums - fica - retirement - health;
      lines.push(
        { account: '2310', credit: federal, description: `Federal income tax withheld ${reference}` },
        { account: '2320', credit: statePremiums, description: `WA PFML and L&I premiums ${reference}` },
        { account: '2330', credit: fica, description: `FICA and Medicare ${reference}` },
        { account: '2340', credit: retirement, description: `401(k) deferrals and match ${reference}` },
        { account: '2350', credit: health, description: `Health insurance ${reference}` },
        { account: '1120', credit: net, description: `Net pay ${reference}` },
      );
      post('PR', m, payday, reference, lines);
      post('TR', m, payday - 1, reference, [
        { account: '1120', debit: net, description: `Fund payroll ${reference}` },
        { account: '1110', credit: net, description: `Fund payroll ${reference}` },
      ]);
      const deposit = later(m, payday, 3);
      post('PY', deposit.month, deposit.day, nextPayment(), [
        {
          account: '2310',
          debit: federal,
          description: `Federal tax deposit ${reference}`,
          counterparty: SUPPLIERS.irs.name,
        },
        { account: '2330', debit: fica, description: `FICA deposit ${reference}`, counterparty: SUPPLIERS.irs.name },
        {
          account: '1110',
          credit: federal + fica,
          description: `EFTPS ${reference}`,
          counterparty: SUPPLIERS.irs.name,
        },
      ]);
      const remit = later(m, payday, 8);
      for (const [account, amount, payee] of [
        ['2320', statePremiums, SUPPLIERS.state.name],
        ['2340', retirement, SUPPLIERS.retirement.name],
        ['2350', health, SUPPLIERS.health.name],
      ] as const) {
        post('PY', remit.month, remit.day, nextPayment(), [
          { account, debit: amount, description: `Remittance ${reference}`, counterparty: payee },
          { account: '1110', credit: amount, description: `Remittance ${reference}`, counterparty: payee },
        ]);
      }
    }
    post('BK', m, businessDayFrom(month, 5), `PSF-${month.period}`, [
      {
        account: '7340',
        debit: toCents(1_080 + 6 * m),
        description: 'Payroll processing fee',
        department: 'G&A',
        counterparty: SUPPLIERS.payroll.name,
      },
      {
        account: '1110',
        credit: toCents(1_080 + 6 * m),
        description: 'Payroll processing fee',
        counterparty: SUPPLIERS.payroll.name,
      },
    ]);

    // ---- Annual bonus for last year, paid with March's first payroll.
    if (month.month === 3 && balance('2240') < 0) {
      const bonus = -balance('2240');
      const withheld = scale(bonus, 0.22);
      post('PR', m, businessDayFrom(month, 14), `BONUS-${month.year - 1}`, [
        { account: '2240', debit: bonus, description: `Annual bonus ${month.year - 1}` },
        { account: '2310', credit: withheld, description: `Supplemental withholding, bonus ${month.year - 1}` },
        { account: '1120', credit: bonus - withheld, description: `Net bonus pay ${month.year - 1}` },
      ]);
      post('TR', m, businessDayFrom(month, 13), `BONUS-${month.year - 1}`, [
        { account: '1120', debit: bonus - withheld, description: 'Fund bonus payroll' },
        { account: '1110', credit: bonus - withheld, description: 'Fund bonus payroll' },
      ]);
      post('PY', m, businessDayFrom(month, 17), nextPayment(), [
        {
          account: '2310',
          debit: withheld,
          description: 'Federal tax deposit, bonus',
          counterparty: SUPPLIERS.irs.name,
        },
        { account: '1110', credit: withheld, description: 'EFTPS bonus', counterparty: SUPPLIERS.irs.name },
      ]);
    }

    // ---- Recurring supplier bills.
    bill(SUPPLIERS.landlord, m, 1, [
      {
        account: '5310',
        amount: toCents(48_000 * (month.year > first.year ? 1.03 : 1)),
        description: 'Factory rent',
        department: 'Operations',
      },
      {
        account: '7210',
        amount: toCents(8_500 * (month.year > first.year ? 1.03 : 1)),
        description: 'Office rent',
        department: 'G&A',
      },
    ]);
    // Utilities are billed for last month's use; this month's is accrued at month end and reversed.
    const previousMonthHeating = HEATING[(month.month + 10) % 12]!;
    const power = toCents(15_800 * previousMonthHeating * growth ** 0.5 * random.between(0.94, 1.06));
    bill(SUPPLIERS.power, m, businessDayFrom(month, 8), [
      { account: '5320', amount: power, description: 'Electricity - plant', department: 'Operations' },
      { account: '7220', amount: scale(power, 0.09), description: 'Electricity - office', department: 'G&A' },
    ]);
    bill(SUPPLIERS.gas, m, businessDayFrom(month, 11), [
      {
        account: '5320',
        amount: toCents(3_900 * previousMonthHeating ** 2 * random.between(0.9, 1.1)),
        description: 'Natural gas - plant',
        department: 'Operations',
      },
    ]);
    post('JE', m, 1, `ACCR-UTIL-REV-${month.period}`, [
      { account: '2220', debit: previousUtilitiesAccrual, description: 'Reverse utilities accrual' },
      {
        account: '5320',
        credit: previousUtilitiesAccrual,
        description: 'Reverse utilities accrual',
        department: 'Operations',
      },
    ]);
    const recurring: [Supplier, string, Department, number, string][] = [
      [SUPPLIERS.telecom, '7230', 'G&A', 3_150, 'Phones and fibre internet'],
      [SUPPLIERS.cad, '6340', 'Engineering', 4_820, 'CAD/CAM licences'],
      [SUPPLIERS.crm, '6160', 'Sales', 1_890, 'CRM subscription'],
      [SUPPLIERS.managedIt, '7530', 'G&A', 5_200, 'Managed IT services'],
      [SUPPLIERS.website, '6260', 'Marketing', 1_150, 'Website hosting and care plan'],
      [SUPPLIERS.janitorial, '7240', 'G&A', 2_900, 'Janitorial services'],
      [SUPPLIERS.waste, '5330', 'Operations', 1_650, 'Coolant recycling and chip removal'],
      [SUPPLIERS.ads, '6230', 'Marketing', 7_400, 'Search advertising'],
      [SUPPLIERS.fuel, '6450', 'Operations', 2_450, 'Fleet fuel'],
    ];
    for (const [supplier, account, department, amount, description] of recurring) {
      bill(supplier, m, businessDayFrom(month, random.int(1, 12)), [
        { account, amount: dollars(amount * 0.92, amount * 1.08), description, department },
      ]);
    }
    // Work that follows volume: outside processing, outbound freight, shop supplies.
    const volume = (share: number) => scale(revenueTarget, share);
    const variable: [Supplier, string, number, string][] = [
      [SUPPLIERS.heatTreat, '5391', 0.014, 'Heat treating'],
      [SUPPLIERS.plating, '5392', 0.012, 'Zinc plating and anodizing'],
      [SUPPLIERS.freightOut, '5420', 0.019, 'Outbound LTL freight'],
      [SUPPLIERS.supplies, '5340', 0.009, 'Shop supplies, inserts, coolant'],
    ];
    for (const [supplier, account, share, description] of variable) {
      weeks.forEach((day, w) => {
        bill(supplier, m, day, [
          {
            account,
            amount: scale(volume(share) / 4, random.between(0.8, 1.2)),
            description: `${description}, week ${w + 1}`,
            department: 'Operations',
          },
        ]);
      });
    }
    const occasional: [Supplier, string, Department, number, number, number, string][] = [
      [SUPPLIERS.maintenance, '5330', 'Operations', 3, 900, 9_500, 'Spindle and machine repairs'],
      [SUPPLIERS.quality, '5370', 'Operations', 2, 700, 4_200, 'Calibration and first-article inspection'],
      [SUPPLIERS.tools, '5340', 'Operations', 2, 1_200, 6_800, 'Cutting tools'],
      [SUPPLIERS.supplies, '6330', 'Engineering', 2, 400, 3_800, 'Prototype stock and hardware'],
      [SUPPLIERS.supplies, '6430', 'Operations', 2, 300, 2_400, 'Pallets, stretch wrap, labels'],
      [SUPPLIERS.lawyer, '7310', 'G&A', 1, 1_500, 14_000, 'Contract review and general counsel'],
      [SUPPLIERS.consultant, '7330', 'G&A', 0.4, 4_000, 18_000, 'Lean manufacturing consulting'],
      [SUPPLIERS.recruiter, '7140', 'G&A', 0.5, 3_500, 16_000, 'Placement fee'],
      [SUPPLIERS.training, '7150', 'G&A', 0.5, 600, 4_500, 'Safety and skills training'],
      [SUPPLIERS.maintenance, '7250', 'G&A', 0.6, 500, 6_000, 'Building repairs'],
    ];
    for (const [supplier, account, department, perMonth, min, max, description] of occasional) {
      const count = Math.floor(perMonth) + (random.chance(perMonth % 1) ? 1 : 0);
      for (let i = 0; i < count; i++) {
        bill(supplier, m, businessDay(month), [{ account, amount: dollars(min, max), description, department }]);
      }
    }
    if (month.month === 3 || month.month === 9) {
      bill(SUPPLIERS.tradeShows, m, businessDay(month), [
        {
          account: '6240',
          amount: dollars(16_000, 26_000),
          description: month.month === 3 ? 'IFPE booth and travel' : 'FABTECH booth and travel',
          department: 'Marketing',
        },
      ]);
    }
    // Insurance renews each January for the year; ERP is licensed by the month.
    if (month.month === 1) {
      bill(SUPPLIERS.insurer, m, businessDayFrom(month, 3), [
        {
          account: '1410',
          amount: scale(insuranceAnnual, 1.05 ** (month.year - first.year)),
          description: `Insurance programme ${month.year}`,
        },
      ]);
    }
    bill(SUPPLIERS.erp, m, businessDayFrom(month, 2), [
      {
        account: '7510',
        amount: toCents(6_450 * (month.year > first.year ? 1.06 : 1)),
        description: 'ERP subscription',
        department: 'G&A',
      },
    ]);
    // The year's audit is billed in April against the fees accrued month by month.
    if (month.month === 4 && balance('2230') < 0) {
      const accrued = -balance('2230');
      const invoiced = scale(accrued, random.between(1, 1.08));
      bill(SUPPLIERS.auditor, m, businessDayFrom(month, 18), [
        { account: '2230', amount: accrued, description: `Audit and tax return ${month.year - 1}` },
        {
          account: '7320',
          amount: invoiced - accrued,
          description: `Audit overrun ${month.year - 1}`,
          department: 'G&A',
        },
      ]);
    }

    // ---- Capital expenditure: a machine each quarter, tooling, IT, a vehicle each spring.
    if (month.month % 3 === 0) {
      bill(SUPPLIERS.machineVendor, m, businessDay(month), [
        {
          account: '1520',
          amount: dollars(85_000, 240_000),
          description: random.pick([
            'Haas VF-4SS vertical mill',
            'Haas ST-20Y lathe',
            'Okuma LB3000 lathe',
            'Mazak VCN-530C',
          ]),
        },
      ]);
    }
    if (random.chance(0.6)) {
      bill(SUPPLIERS.tools, m, businessDay(month), [
        { account: '1540', amount: dollars(6_000, 24_000), description: 'Fixtures and progressive dies' },
      ]);
    }
    if (random.chance(0.3)) {
      bill(SUPPLIERS.itVendor, m, businessDay(month), [
        { account: '1560', amount: dollars(3_000, 14_000), description: 'Laptops and workstations' },
      ]);
    }
    if (month.month === 4) {
      bill(SUPPLIERS.machineVendor, m, businessDay(month), [
        { account: '1550', amount: dollars(42_000, 56_000), description: 'Delivery truck' },
      ]);
    }

    // ---- Corporate card: one statement a month, paid on the 10th of the next.
    const cardLines: Line[] = [];
    const cardCount = random.int(45, 75);
    for (let i = 0; i < cardCount; i++) {
      const spend = random.weighted(CARD_SPEND, (s) => (s.account === '6140' ? 4 : 1));
      cardLines.push({
        account: spend.account,
        debit: dollars(spend.min, spend.max),
        description: `Card purchase ${random.pick(spend.merchants)}`,
        department: spend.department,
        counterparty: random.pick(spend.merchants),
      });
    }
    const cardTotal = cardLines.reduce((sum, line) => sum + (line.debit ?? 0), 0);
    cardLines.push({
      account: '2130',
      credit: cardTotal,
      description: `Card statement ${month.period}`,
      counterparty: SUPPLIERS.card.name,
    });
    post('CC', m, businessDayFrom(month, 25), `STMT-${month.period}`, cardLines);
    if (previousCardTotal > 0) {
      post('PY', m, businessDayFrom(month, 10), nextPayment(), [
        {
          account: '2130',
          debit: previousCardTotal,
          description: 'Card statement payment',
          counterparty: SUPPLIERS.card.name,
        },
        {
          account: '1110',
          credit: previousCardTotal,
          description: 'Card statement payment',
          counterparty: SUPPLIERS.card.name,
        },
      ]);
    }
    previousCardTotal = cardTotal;

    // ---- Taxes on gross receipts (monthly) and income (quarterly estimates).
    if (previousBAndO > 0) {
      post('PY', m, businessDayFrom(month, 25), nextPayment(), [
        { account: '2430', debit: previousBAndO, description: 'B&O tax return', counterparty: SUPPLIERS.state.name },
        { account: '1110', credit: previousBAndO, description: 'B&O tax return', counterparty: SUPPLIERS.state.name },
      ]);
    }
    if ([4, 6, 9, 12].includes(month.month) && balance('2410') < 0) {
      const estimate = -balance('2410');
      post('PY', m, businessDayFrom(month, 15), nextPayment(), [
        {
          account: '2410',
          debit: estimate,
          description: 'Estimated federal income tax',
          counterparty: SUPPLIERS.irs.name,
        },
        {
          account: '1110',
          credit: estimate,
          description: 'Estimated federal income tax',
          counterparty: SUPPLIERS.irs.name,
        },
      ]);
    }
    if (month.month === 4 && m > 0) {
      post('PY', m, businessDayFrom(month, 20), nextPayment(), [
        { account: '3400', debit: toCents(150_000), description: 'Shareholder distribution' },
        { account: '1110', credit: toCents(150_000), description: 'Shareholder distribution' },
      ]);
    }

    // ---- Bank: term loan instalment, line of credit interest, money market interest, fees.
    const loanInterest = Math.round((-balance('2510') * 0.0625) / 12);
    const principal = Math.min(toCents(36_000), -balance('2510'));
    post('BK', m, businessDayFrom(month, 28), `LOAN-${month.period}`, [
      { account: '2510', debit: principal, description: 'Term loan principal', counterparty: SUPPLIERS.bank.name },
      { account: '8510', debit: loanInterest, description: 'Term loan interest', counterparty: SUPPLIERS.bank.name },
      {
        account: '1110',
        credit: principal + loanInterest,
        description: 'Term loan instalment',
        counterparty: SUPPLIERS.bank.name,
      },
    ]);
    const lineInterest = Math.round((-balance('2520') * 0.0825) / 12);
    post('BK', m, lastBusinessDay(month), `LOC-${month.period}`, [
      {
        account: '8520',
        debit: lineInterest,
        description: 'Line of credit interest',
        counterparty: SUPPLIERS.bank.name,
      },
      {
        account: '1110',
        credit: lineInterest,
        description: 'Line of credit interest',
        counterparty: SUPPLIERS.bank.name,
      },
    ]);
    const savingsInterest = Math.round((balance('1130') * 0.041) / 12);
    post('BK', m, month.days, `MMI-${month.period}`, [
      {
        account: '1130',
        debit: savingsInterest,
        description: 'Money market interest',
        counterparty: SUPPLIERS.bank.name,
      },
      {
        account: '8110',
        credit: savingsInterest,
        description: 'Money market interest',
        counterparty: SUPPLIERS.bank.name,
      },
    ]);
    const fees = dollars(380, 760);
    post('BK', m, lastBusinessDay(month), `FEES-${month.period}`, [
      {
        account: '7630',
        debit: fees,
        description: 'Account analysis and wire fees',
        department: 'G&A',
        counterparty: SUPPLIERS.bank.name,
      },
      {
        account: '1110',
        credit: fees,
        description: 'Account analysis and wire fees',
        counterparty: SUPPLIERS.bank.name,
      },
    ]);

    // ---- Month-end journals: depreciation, prepaid insurance, accruals, provisions.
    const depreciation: Line[] = [];
    for (const asset of ASSET_CLASSES) {
      const amount = Math.round(balance(asset.asset) / (asset.years * 12));
      depreciation.push(
        {
          account: asset.expense,
          debit: amount,
          description: `Depreciation - ${asset.label}`,
          department: asset.department,
        },
        { account: asset.accumulated, credit: amount, description: `Depreciation - ${asset.label}` },
      );
    }
    post('JE', m, month.days, `DEPR-${month.period}`, depreciation);
    const insurance = Math.min(scale(insuranceAnnual, 1.05 ** (month.year - first.year) / 12), balance('1410'));
    const insuranceParts = split(insurance, [45, 30, 25]);
    post('JE', m, month.days, `INS-${month.period}`, [
      { account: '7410', debit: insuranceParts[0]!, description: 'General liability insurance', department: 'G&A' },
      { account: '7420', debit: insuranceParts[1]!, description: 'Property insurance', department: 'G&A' },
      { account: '7430', debit: insuranceParts[2]!, description: 'Product liability insurance', department: 'G&A' },
      { account: '1410', credit: insurance, description: 'Insurance expired this month' },
    ]);
    const utilitiesAccrual = toCents(19_500 * heating * growth ** 0.5 * random.between(0.95, 1.05));
    post('JE', m, month.days, `ACCR-UTIL-${month.period}`, [
      {
        account: '5320',
        debit: utilitiesAccrual,
        description: 'Accrue utilities used this month',
        department: 'Operations',
      },
      { account: '2220', credit: utilitiesAccrual, description: 'Accrue utilities used this month' },
    ]);
    previousUtilitiesAccrual = utilitiesAccrual;
    const bonusParts = PAYROLL_GROUPS.filter((group) => !group.variable);
    post('JE', m, month.days, `ACCR-BONUS-${month.period}`, [
      ...bonusParts.map((group) => ({
        account: '7130',
        debit: toCents(group.monthly * 0.045 * growth ** 0.35 * salaryRaise),
        description: 'Bonus accrual',
        department: group.department,
      })),
      {
        account: '2240',
        credit: bonusParts.reduce(
          (sum, group) => sum + toCents(group.monthly * 0.045 * growth ** 0.35 * salaryRaise),
          0,
        ),
        description: 'Bonus accrual',
      },
    ]);
    post('JE', m, month.days, `ACCR-AUDIT-${month.period}`, [
      { account: '7320', debit: toCents(3_500), description: 'Accrue annual audit fee', department: 'G&A' },
      { account: '2230', credit: toCents(3_500), description: 'Accrue annual audit fee' },
    ]);
    const badDebt = scale(monthRevenue, 0.0018);
    post('JE', m, month.days, `PROV-BD-${month.period}`, [
      { account: '7680', debit: badDebt, description: 'Provision for doubtful accounts', department: 'G&A' },
      { account: '1220', credit: badDebt, description: 'Provision for doubtful accounts' },
    ]);
    const scrap = scale(issuedTotal, random.between(0.004, 0.009));
    post('JE', m, month.days, `SCRAP-${month.period}`, [
      { account: '5395', debit: scrap, description: 'Scrap and rework from production', department: 'Operations' },
      { account: '1320', credit: scrap, description: 'Scrap and rework from production', department: 'Operations' },
    ]);
    if (month.month % 3 === 0) {
      const reserve = dollars(2_000, 9_000);
      post('JE', m, month.days, `PROV-OBS-${month.period}`, [
        { account: '5395', debit: reserve, description: 'Slow-moving inventory reserve', department: 'Operations' },
        { account: '1340', credit: reserve, description: 'Slow-moving inventory reserve' },
      ]);
    }
    const bAndO = scale(monthRevenue, 0.00484);
    post('JE', m, month.days, `BO-${month.period}`, [
      { account: '7650', debit: bAndO, description: 'Washington B&O tax on gross receipts', department: 'G&A' },
      { account: '2430', credit: bAndO, description: 'Washington B&O tax on gross receipts' },
    ]);
    previousBAndO = bAndO;

    // Income tax on this month's result, from what has been filed for the month so far.
    const journals = scheduled[m]!;
    const pretax = journals.reduce(
      (sum, journal) =>
        sum +
        journal.lines.reduce((s, line) => {
          const type = accountType.get(line.account);
          return type === 'revenue' || type === 'expense' ? s + (line.credit ?? 0) - (line.debit ?? 0) : s;
        }, 0),
      0,
    );
    const tax = scale(pretax, 0.21);
    post('JE', m, month.days, `TAX-${month.period}`, [
      {
        account: '8910',
        debit: Math.max(tax, 0),
        credit: Math.max(-tax, 0),
        description: 'Federal income tax provision',
      },
      {
        account: '2410',
        debit: Math.max(-tax, 0),
        credit: Math.max(tax, 0),
        description: 'Federal income tax provision',
      },
    ]);

    // ---- Treasury at month end: keep the operating account between about $300k and $1.1M.
    const projected = new Map(balances);
    for (const journal of journals)
      for (const line of journal.lines)
        projected.set(line.account, (projected.get(line.account) ?? 0) + (line.debit ?? 0) - (line.credit ?? 0));
    const cash = projected.get('1110') ?? 0;
    const savings = projected.get('1130') ?? 0;
    const lineDrawn = -(projected.get('2520') ?? 0);
    const low = toCents(300_000);
    const high = toCents(1_100_000);
    if (cash < low) {
      let need = Math.ceil((toCents(450_000) - cash) / toCents(25_000)) * toCents(25_000);
      const fromSavings = Math.min(need, Math.max(savings - toCents(100_000), 0));
      need -= fromSavings;
      post('TR', m, lastBusinessDay(month), `TRF-${month.period}`, [
        { account: '1110', debit: fromSavings + need, description: 'Funding transfer' },
        { account: '1130', credit: fromSavings, description: 'Transfer from money market' },
        {
          account: '2520',
          credit: need,
          description: 'Draw on revolving line of credit',
          counterparty: SUPPLIERS.bank.name,
        },
      ]);
    } else if (cash > high) {
      const excess = Math.floor((cash - toCents(800_000)) / toCents(25_000)) * toCents(25_000);
      const repay = Math.min(excess, lineDrawn);
      post('TR', m, lastBusinessDay(month), `TRF-${month.period}`, [
        {
          account: '2520',
          debit: repay,
          description: 'Repay revolving line of credit',
          counterparty: SUPPLIERS.bank.name,
        },
        { account: '1130', debit: excess - repay, description: 'Sweep to money market' },
        { account: '1110', credit: excess, description: 'Treasury transfer' },
      ]);
    }

    // ---- Close the month: number its journals in date order and post them.
    const counters = new Map<JournalKind, number>();
    const period = month.period;
    for (const journal of [...journals].sort((a, b) => a.day - b.day || a.seq - b.seq)) {
      const n = (counters.get(journal.kind) ?? 0) + 1;
      counters.set(journal.kind, n);
      const journalId = `${journal.kind}-${period.replace('-', '')}-${String(n).padStart(4, '0')}`;
      const postingDate = isoDate(month.year, month.month, journal.day);
      journal.lines.forEach((line, i) => {
        const debit = line.debit ?? 0;
        const credit = line.credit ?? 0;
        balances.set(line.account, balance(line.account) + debit - credit);
        rows.push({
          journal_id: journalId,
          line_no: i + 1,
          posting_date: postingDate,
          period,
          account_code: line.account,
          description: line.description,
          debit: formatCents(debit),
          credit: formatCents(credit),
          entity: COMPANY.entity,
          department: line.department ?? null,
          counterparty: line.counterparty ?? null,
          source: 'manual',
          reference: journal.reference,
        });
      });
    }
    previousRevenue = monthRevenue;
  }
  return rows;
}
