import { standardSubtypeOf } from '@finboard/shared/account-classification';
import type { AccountRow, AccountType } from './rows.ts';

interface Group {
  code: string;
  name: string;
  subtype: string;
  /** Set on the top groups; the others inherit it. */
  type?: AccountType;
  /** Leaves are [code, name] or [code, name, subtype] when it differs from the group's. */
  children: (Group | [string, string] | [string, string, string])[];
}

/** Harbor Precision Components' chart: header accounts group the posting (leaf) accounts by `parent_code`. */
const CHART: Group[] = [
  {
    code: '1000',
    name: 'Assets',
    type: 'asset',
    subtype: 'asset',
    children: [
      {
        code: '1100',
        name: 'Cash and Cash Equivalents',
        subtype: 'cash',
        children: [
          ['1110', 'Operating Account - First Harbor Bank'],
          ['1120', 'Payroll Account - First Harbor Bank'],
          ['1130', 'Money Market Account'],
        ],
      },
      {
        code: '1200',
        name: 'Receivables',
        subtype: 'receivable',
        children: [
          ['1210', 'Accounts Receivable - Trade'],
          ['1220', 'Allowance for Doubtful Accounts'],
        ],
      },
      {
        code: '1300',
        name: 'Inventory',
        subtype: 'inventory',
        children: [
          ['1310', 'Raw Materials - Steel Bar and Plate'],
          ['1311', 'Raw Materials - Aluminum'],
          ['1312', 'Raw Materials - Purchased Components'],
          ['1320', 'Work in Process'],
          ['1330', 'Finished Goods'],
          ['1340', 'Inventory Obsolescence Reserve'],
        ],
      },
      {
        code: '1400',
        name: 'Prepaid Expenses and Deposits',
        subtype: 'prepaid',
        children: [
          ['1410', 'Prepaid Insurance'],
          ['1440', 'Other Prepaid Expenses'],
          ['1450', 'Security Deposits'],
        ],
      },
      {
        code: '1500',
        name: 'Property, Plant and Equipment',
        subtype: 'fixed_asset',
        children: [
          ['1510', 'Leasehold Improvements'],
          ['1520', 'Machinery and Equipment'],
          ['1540', 'Tooling and Dies'],
          ['1550', 'Vehicles'],
          ['1560', 'Computer Equipment'],
          ['1570', 'Furniture and Fixtures'],
        ],
      },
      {
        code: '1600',
        name: 'Accumulated Depreciation',
        subtype: 'accumulated_depreciation',
        children: [
          ['1610', 'Accumulated Depreciation - Leasehold Improvements'],
          ['1620', 'Accumulated Depreciation - Machinery and Equipment'],
          ['1640', 'Accumulated Depreciation - Tooling and Dies'],
          ['1650', 'Accumulated Depreciation - Vehicles'],
          ['1660', 'Accumulated Depreciation - Computer Equipment'],
          ['1670', 'Accumulated Depreciation - Furniture and Fixtures'],
        ],
      },
    ],
  },
  {
    code: '2000',
    name: 'Liabilities',
    type: 'liability',
    subtype: 'liability',
    children: [
      {
        code: '2100',
        name: 'Accounts Payable',
        subtype: 'payable',
        children: [
          ['2110', 'Accounts Payable - Trade'],
          ['2130', 'Corporate Credit Card'],
        ],
      },
      {
        code: '2200',
        name: 'Accrued Liabilities',
        subtype: 'accrued_liability',
        children: [
          ['2220', 'Accrued Utilities'],
          ['2230', 'Accrued Professional Fees'],
          ['2240', 'Accrued Bonus'],
        ],
      },
      {
        code: '2300',
        name: 'Payroll Liabilities',
        subtype: 'payroll_liability',
        children: [
          ['2310', 'Federal Income Tax Withheld'],
          ['2320', 'State Payroll Premiums Withheld'],
          ['2330', 'FICA and Medicare Payable'],
          ['2340', '401(k) Contributions Payable'],
          ['2350', 'Health Insurance Withholding'],
        ],
      },
      {
        code: '2400',
        name: 'Taxes Payable',
        subtype: 'tax_liability',
        children: [
          ['2410', 'Income Tax Payable'],
          ['2430', 'B&O Tax Payable'],
        ],
      },
      {
        code: '2500',
        name: 'Long-Term Debt',
        subtype: 'long_term_debt',
        children: [
          ['2510', 'Equipment Term Loan - First Harbor Bank'],
          ['2520', 'Revolving Line of Credit'],
        ],
      },
    ],
  },
  {
    code: '3000',
    name: 'Equity',
    type: 'equity',
    subtype: 'equity',
    children: [
      ['3100', 'Common Stock'],
      ['3200', 'Additional Paid-In Capital'],
      ['3300', 'Retained Earnings', 'retained_earnings'],
      ['3400', 'Shareholder Distributions'],
    ],
  },
  {
    code: '4000',
    name: 'Revenue',
    type: 'revenue',
    subtype: 'revenue',
    children: [
      {
        code: '4100',
        name: 'Product Sales',
        subtype: 'revenue',
        children: [
          ['4110', 'Sales - Machined Components'],
          ['4120', 'Sales - Hydraulic Fittings'],
          ['4130', 'Sales - Custom Assemblies'],
          ['4140', 'Sales - Spare Parts'],
        ],
      },
      {
        code: '4200',
        name: 'Service Revenue',
        subtype: 'revenue',
        children: [
          ['4210', 'Engineering Services'],
          ['4220', 'Repair and Refurbishment'],
        ],
      },
      {
        code: '4300',
        name: 'Other Operating Revenue',
        subtype: 'revenue',
        children: [['4310', 'Freight Billed to Customers']],
      },
    ],
  },
  {
    // Discounts and returns reduce revenue; they are debit-balance accounts shown as costs.
    code: '4900',
    name: 'Sales Deductions',
    type: 'expense',
    subtype: 'contra_revenue',
    children: [
      ['4910', 'Sales Discounts'],
      ['4920', 'Sales Returns and Allowances'],
    ],
  },
  {
    code: '5000',
    name: 'Cost of Sales',
    type: 'expense',
    subtype: 'cost_of_sales',
    children: [
      {
        code: '5100',
        name: 'Materials',
        subtype: 'cost_of_sales',
        children: [
          ['5110', 'Materials - Machined Components'],
          ['5120', 'Materials - Hydraulic Fittings'],
          ['5130', 'Materials - Custom Assemblies'],
          ['5140', 'Materials - Spare Parts'],
        ],
      },
      {
        code: '5200',
        name: 'Direct Labour',
        subtype: 'cost_of_sales',
        children: [
          ['5210', 'Direct Labour - Wages'],
          ['5220', 'Direct Labour - Overtime'],
          ['5230', 'Direct Labour - Payroll Taxes and Benefits'],
        ],
      },
      {
        code: '5300',
        name: 'Manufacturing Overhead',
        subtype: 'cost_of_sales',
        children: [
          ['5310', 'Factory Rent'],
          ['5320', 'Factory Utilities'],
          ['5330', 'Machinery Repairs and Maintenance'],
          ['5340', 'Shop Supplies and Consumables'],
          ['5360', 'Depreciation - Manufacturing'],
          ['5370', 'Quality Control and Testing'],
          ['5380', 'Indirect Labour - Supervisors'],
          ['5391', 'Outside Processing - Heat Treating'],
          ['5392', 'Outside Processing - Plating and Coating'],
          ['5395', 'Scrap and Rework'],
        ],
      },
      {
        code: '5400',
        name: 'Freight and Logistics',
        subtype: 'cost_of_sales',
        children: [
          ['5410', 'Freight In'],
          ['5420', 'Freight Out'],
        ],
      },
    ],
  },
  {
    code: '6000',
    name: 'Operating Expenses',
    type: 'expense',
    subtype: 'operating_expense',
    children: [
      {
        code: '6100',
        name: 'Sales Department',
        subtype: 'operating_expense',
        children: [
          ['6110', 'Sales Salaries'],
          ['6120', 'Sales Commissions'],
          ['6130', 'Sales Payroll Taxes and Benefits'],
          ['6140', 'Sales Travel and Entertainment'],
          ['6160', 'CRM Software'],
        ],
      },
      {
        code: '6200',
        name: 'Marketing Department',
        subtype: 'operating_expense',
        children: [
          ['6210', 'Marketing Salaries'],
          ['6220', 'Marketing Payroll Taxes and Benefits'],
          ['6230', 'Digital Advertising'],
          ['6240', 'Trade Shows and Events'],
          ['6260', 'Website and Hosting'],
        ],
      },
      {
        code: '6300',
        name: 'Engineering Department',
        subtype: 'operating_expense',
        children: [
          ['6310', 'Engineering Salaries'],
          ['6320', 'Engineering Payroll Taxes and Benefits'],
          ['6330', 'Prototyping Materials'],
          ['6340', 'CAD and Simulation Software'],
          ['6350', 'Engineering Training and Certification'],
        ],
      },
      {
        code: '6400',
        name: 'Operations Department',
        subtype: 'operating_expense',
        children: [
          ['6410', 'Operations Salaries'],
          ['6420', 'Operations Payroll Taxes and Benefits'],
          ['6430', 'Warehouse Supplies'],
          ['6450', 'Fleet Fuel'],
          ['6460', 'Depreciation - Vehicles'],
        ],
      },
    ],
  },
  {
    code: '7000',
    name: 'General and Administrative',
    type: 'expense',
    subtype: 'operating_expense',
    children: [
      {
        code: '7100',
        name: 'Administrative Personnel',
        subtype: 'operating_expense',
        children: [
          ['7110', 'Administrative Salaries'],
          ['7120', 'Administrative Payroll Taxes and Benefits'],
          ['7130', 'Bonus Expense'],
          ['7140', 'Recruiting'],
          ['7150', 'Staff Training'],
        ],
      },
      {
        code: '7200',
        name: 'Facilities',
        subtype: 'operating_expense',
        children: [
          ['7210', 'Office Rent'],
          ['7220', 'Office Utilities'],
          ['7230', 'Telephone and Internet'],
          ['7240', 'Janitorial Services'],
          ['7250', 'Building Repairs and Maintenance'],
        ],
      },
      {
        code: '7300',
        name: 'Professional Fees',
        subtype: 'operating_expense',
        children: [
          ['7310', 'Legal Fees'],
          ['7320', 'Audit and Tax Fees'],
          ['7330', 'Consulting Fees'],
          ['7340', 'Payroll Service Fees'],
        ],
      },
      {
        code: '7400',
        name: 'Insurance',
        subtype: 'operating_expense',
        children: [
          ['7410', 'General Liability Insurance'],
          ['7420', 'Property Insurance'],
          ['7430', 'Product Liability Insurance'],
        ],
      },
      {
        code: '7500',
        name: 'Information Technology',
        subtype: 'operating_expense',
        children: [
          ['7510', 'ERP and Software Subscriptions'],
          ['7530', 'Managed IT Services'],
        ],
      },
      {
        code: '7600',
        name: 'Office and Administration',
        subtype: 'operating_expense',
        children: [
          ['7610', 'Office Supplies'],
          ['7630', 'Bank Fees'],
          ['7640', 'Dues and Subscriptions'],
          ['7650', 'Business and Occupation Tax'],
          ['7660', 'Meals and Entertainment'],
          ['7670', 'Travel - Administration'],
          ['7680', 'Bad Debt Expense'],
          ['7690', 'Depreciation - Office and IT'],
        ],
      },
    ],
  },
  {
    code: '8000',
    name: 'Other Income',
    type: 'revenue',
    subtype: 'other_income',
    children: [['8110', 'Interest Income']],
  },
  {
    code: '8500',
    name: 'Other Expense',
    type: 'expense',
    subtype: 'other_expense',
    children: [
      ['8510', 'Interest Expense - Term Loan'],
      ['8520', 'Interest Expense - Line of Credit'],
    ],
  },
  {
    code: '8900',
    name: 'Income Taxes',
    type: 'expense',
    subtype: 'income_tax',
    children: [['8910', 'Income Tax Expense - Federal']],
  },
];

/**
 * The chart is written in the groups' words; each account gets the standard subtype they say with its name
 * (account-classification.ts: "Common Stock" under equity is share capital). A header's bare type word stays.
 */
const standardOf = (type: AccountType, subtype: string, name: string) =>
  standardSubtypeOf(type, subtype, name) ?? subtype;

/** 01_Account rows, headers before their children. */
export function chartOfAccounts(): AccountRow[] {
  const rows: AccountRow[] = [];
  const walk = (group: Group, type: AccountType, parent: string | null) => {
    rows.push({
      account_code: group.code,
      account_name: group.name,
      account_type: type,
      account_subtype: standardOf(type, group.subtype, group.name),
      parent_code: parent,
      is_active: true,
    });
    for (const child of group.children) {
      if (Array.isArray(child)) {
        const [code, name, subtype] = child;
        rows.push({
          account_code: code,
          account_name: name,
          account_type: type,
          account_subtype: standardOf(type, subtype ?? group.subtype, name),
          parent_code: group.code,
          is_active: true,
        });
      } else walk(child, child.type ?? type, group.code);
    }
  };
  for (const group of CHART) walk(group, group.type!, null);
  return rows;
}

/** Debit-normal accounts grow with debits (assets, expenses); the others with credits. */
export const isDebitNormal = (type: AccountType) => type === 'asset' || type === 'expense';

/** Whether the account belongs to the profit and loss (closed into retained earnings at year end). */
export const isProfitAndLoss = (type: AccountType) => type === 'revenue' || type === 'expense';
