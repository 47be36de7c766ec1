import { describe, expect, it } from 'vitest';
import {
  FOREIGN_ACCOUNT_TYPES,
  FOREIGN_DETAIL_TYPES,
  mapAccountType,
  suggestFromName,
  suggestFromPath,
} from './account-types.ts';

type Expected = readonly [vocabulary: string, value: string, type: string, subtype: string | null];

/** Every spelling of every foreign type, with what it must map to (written out, not read from the table). */
const TYPES: readonly Expected[] = [
  ['Finboard', 'asset', 'asset', null],
  ['Finboard', 'liability', 'liability', null],
  ['Finboard', 'equity', 'equity', 'equity'],
  ['Finboard', 'revenue', 'revenue', 'revenue'],
  ['Finboard', 'expense', 'expense', 'operating_expense'],
  ['Finboard', 'cash', 'asset', 'cash'],
  ['Finboard', 'receivable', 'asset', 'receivable'],
  ['Finboard', 'prepaid', 'asset', 'prepaid'],
  ['Finboard', 'inventory', 'asset', 'inventory'],
  ['Finboard', 'current_asset', 'asset', 'current_asset'],
  ['Finboard', 'fixed_asset', 'asset', 'fixed_asset'],
  ['Finboard', 'accumulated_depreciation', 'asset', 'accumulated_depreciation'],
  ['Finboard', 'other_asset', 'asset', 'other_asset'],
  ['Finboard', 'payable', 'liability', 'payable'],
  ['Finboard', 'credit_card', 'liability', 'credit_card'],
  ['Finboard', 'tax_liability', 'liability', 'tax_liability'],
  ['Finboard', 'payroll_liability', 'liability', 'payroll_liability'],
  ['Finboard', 'current_liability', 'liability', 'current_liability'],
  ['Finboard', 'deferred_revenue', 'liability', 'deferred_revenue'],
  ['Finboard', 'long_term_debt', 'liability', 'long_term_debt'],
  ['Finboard', 'retained_earnings', 'equity', 'retained_earnings'],
  ['Finboard', 'other_income', 'revenue', 'other_income'],
  ['Finboard', 'contra_revenue', 'revenue', 'contra_revenue'],
  ['Finboard', 'cost_of_sales', 'expense', 'cost_of_sales'],
  ['Finboard', 'operating_expense', 'expense', 'operating_expense'],
  ['Finboard', 'depreciation', 'expense', 'depreciation'],
  ['Finboard', 'other_expense', 'expense', 'other_expense'],
  ['Finboard', 'income_tax', 'expense', 'income_tax'],

  ['QuickBooks', 'Bank', 'asset', 'cash'],
  ['QuickBooks', 'Accounts receivable (A/R)', 'asset', 'receivable'],
  ['QuickBooks', 'A/R', 'asset', 'receivable'],
  ['QuickBooks', 'Other Current Asset', 'asset', 'current_asset'],
  ['QuickBooks', 'OCASSET', 'asset', 'current_asset'],
  ['QuickBooks', 'Fixed Asset', 'asset', 'fixed_asset'],
  ['QuickBooks', 'FIXASSET', 'asset', 'fixed_asset'],
  ['QuickBooks', 'Other Asset', 'asset', 'other_asset'],
  ['QuickBooks', 'OASSET', 'asset', 'other_asset'],
  ['QuickBooks', 'Accounts payable (A/P)', 'liability', 'payable'],
  ['QuickBooks', 'A/P', 'liability', 'payable'],
  ['QuickBooks', 'Credit Card', 'liability', 'credit_card'],
  ['QuickBooks', 'CCARD', 'liability', 'credit_card'],
  ['QuickBooks', 'Other Current Liability', 'liability', 'current_liability'],
  ['QuickBooks', 'OCLIAB', 'liability', 'current_liability'],
  ['QuickBooks', 'Long Term Liability', 'liability', 'long_term_debt'],
  ['QuickBooks', 'LTLIAB', 'liability', 'long_term_debt'],
  ['QuickBooks', 'Equity', 'equity', 'equity'],
  ['QuickBooks', 'Income', 'revenue', 'revenue'],
  ['QuickBooks', 'INC', 'revenue', 'revenue'],
  ['QuickBooks', 'Other Income', 'revenue', 'other_income'],
  ['QuickBooks', 'EXINC', 'revenue', 'other_income'],
  ['QuickBooks', 'Cost of Goods Sold', 'expense', 'cost_of_sales'],
  ['QuickBooks', 'COGS', 'expense', 'cost_of_sales'],
  ['QuickBooks', 'Expense', 'expense', 'operating_expense'],
  ['QuickBooks', 'EXP', 'expense', 'operating_expense'],
  ['QuickBooks', 'Other Expense', 'expense', 'other_expense'],
  ['QuickBooks', 'EXEXP', 'expense', 'other_expense'],

  ['Xero', 'BANK', 'asset', 'cash'],
  ['Xero', 'Bank', 'asset', 'cash'],
  ['Xero', 'CURRENT', 'asset', 'current_asset'],
  ['Xero', 'Current Asset', 'asset', 'current_asset'],
  ['Xero', 'INVENTORY', 'asset', 'inventory'],
  ['Xero', 'Inventory', 'asset', 'inventory'],
  ['Xero', 'PREPAYMENT', 'asset', 'prepaid'],
  ['Xero', 'Prepayment', 'asset', 'prepaid'],
  ['Xero', 'FIXED', 'asset', 'fixed_asset'],
  ['Xero', 'Fixed Asset', 'asset', 'fixed_asset'],
  ['Xero', 'NONCURRENT', 'asset', 'other_asset'],
  ['Xero', 'Non-current Asset', 'asset', 'other_asset'],
  ['Xero', 'CURRLIAB', 'liability', 'current_liability'],
  ['Xero', 'Current Liability', 'liability', 'current_liability'],
  ['Xero', 'LIABILITY', 'liability', null],
  ['Xero', 'Liability', 'liability', null],
  ['Xero', 'TERMLIAB', 'liability', 'long_term_debt'],
  ['Xero', 'Non-current Liability', 'liability', 'long_term_debt'],
  ['Xero', 'PAYGLIABILITY', 'liability', 'payroll_liability'],
  ['Xero', 'PAYG Liability', 'liability', 'payroll_liability'],
  ['Xero', 'SUPERANNUATIONLIABILITY', 'liability', 'payroll_liability'],
  ['Xero', 'Superannuation Liability', 'liability', 'payroll_liability'],
  ['Xero', 'EQUITY', 'equity', 'equity'],
  ['Xero', 'Equity', 'equity', 'equity'],
  ['Xero', 'REVENUE', 'revenue', 'revenue'],
  ['Xero', 'Revenue', 'revenue', 'revenue'],
  ['Xero', 'SALES', 'revenue', 'revenue'],
  ['Xero', 'Sales', 'revenue', 'revenue'],
  ['Xero', 'OTHERINCOME', 'revenue', 'other_income'],
  ['Xero', 'Other Income', 'revenue', 'other_income'],
  ['Xero', 'DIRECTCOSTS', 'expense', 'cost_of_sales'],
  ['Xero', 'Direct Costs', 'expense', 'cost_of_sales'],
  ['Xero', 'EXPENSE', 'expense', 'operating_expense'],
  ['Xero', 'Expense', 'expense', 'operating_expense'],
  ['Xero', 'OVERHEADS', 'expense', 'operating_expense'],
  ['Xero', 'Overhead', 'expense', 'operating_expense'],
  ['Xero', 'DEPRECIATN', 'expense', 'depreciation'],
  ['Xero', 'Depreciation', 'expense', 'depreciation'],
  ['Xero', 'WAGESEXPENSE', 'expense', 'operating_expense'],
  ['Xero', 'Wages Expense', 'expense', 'operating_expense'],
  ['Xero', 'SUPERANNUATIONEXPENSE', 'expense', 'operating_expense'],
  ['Xero', 'HISTORICAL', 'equity', 'equity'],
  ['Xero', 'Historical', 'equity', 'equity'],
  ['Xero', 'ROUNDING', 'equity', 'equity'],
  ['Xero', 'Rounding', 'equity', 'equity'],
  ['Xero', 'TRACKING', 'equity', 'equity'],
  ['Xero', 'Tracking', 'equity', 'equity'],
  ['Xero', 'Superannuation Expense', 'expense', 'operating_expense'],

  ['Odoo', 'asset_receivable', 'asset', 'receivable'],
  ['Odoo', 'Receivable', 'asset', 'receivable'],
  ['Odoo', 'account.data_account_type_receivable', 'asset', 'receivable'],
  ['Odoo', 'data_account_type_receivable', 'asset', 'receivable'],
  ['Odoo', 'asset_cash', 'asset', 'cash'],
  ['Odoo', 'Bank and Cash', 'asset', 'cash'],
  ['Odoo', 'account.data_account_type_liquidity', 'asset', 'cash'],
  ['Odoo', 'data_account_type_liquidity', 'asset', 'cash'],
  ['Odoo', 'asset_current', 'asset', 'current_asset'],
  ['Odoo', 'Current Assets', 'asset', 'current_asset'],
  ['Odoo', 'account.data_account_type_current_assets', 'asset', 'current_asset'],
  ['Odoo', 'data_account_type_current_assets', 'asset', 'current_asset'],
  ['Odoo', 'asset_prepayments', 'asset', 'prepaid'],
  ['Odoo', 'Prepayments', 'asset', 'prepaid'],
  ['Odoo', 'account.data_account_type_prepayments', 'asset', 'prepaid'],
  ['Odoo', 'data_account_type_prepayments', 'asset', 'prepaid'],
  ['Odoo', 'asset_fixed', 'asset', 'fixed_asset'],
  ['Odoo', 'Fixed Assets', 'asset', 'fixed_asset'],
  ['Odoo', 'account.data_account_type_fixed_assets', 'asset', 'fixed_asset'],
  ['Odoo', 'data_account_type_fixed_assets', 'asset', 'fixed_asset'],
  ['Odoo', 'asset_non_current', 'asset', 'other_asset'],
  ['Odoo', 'Non-current Assets', 'asset', 'other_asset'],
  ['Odoo', 'account.data_account_type_non_current_assets', 'asset', 'other_asset'],
  ['Odoo', 'data_account_type_non_current_assets', 'asset', 'other_asset'],
  ['Odoo', 'liability_payable', 'liability', 'payable'],
  ['Odoo', 'Payable', 'liability', 'payable'],
  ['Odoo', 'account.data_account_type_payable', 'liability', 'payable'],
  ['Odoo', 'data_account_type_payable', 'liability', 'payable'],
  ['Odoo', 'liability_credit_card', 'liability', 'credit_card'],
  ['Odoo', 'Credit Card', 'liability', 'credit_card'],
  ['Odoo', 'account.data_account_type_credit_card', 'liability', 'credit_card'],
  ['Odoo', 'data_account_type_credit_card', 'liability', 'credit_card'],
  ['Odoo', 'liability_current', 'liability', 'current_liability'],
  ['Odoo', 'Current Liabilities', 'liability', 'current_liability'],
  ['Odoo', 'account.data_account_type_current_liabilities', 'liability', 'current_liability'],
  ['Odoo', 'data_account_type_current_liabilities', 'liability', 'current_liability'],
  ['Odoo', 'liability_non_current', 'liability', 'long_term_debt'],
  ['Odoo', 'Non-current Liabilities', 'liability', 'long_term_debt'],
  ['Odoo', 'account.data_account_type_non_current_liabilities', 'liability', 'long_term_debt'],
  ['Odoo', 'data_account_type_non_current_liabilities', 'liability', 'long_term_debt'],
  ['Odoo', 'equity', 'equity', 'equity'],
  ['Odoo', 'Equity', 'equity', 'equity'],
  ['Odoo', 'account.data_account_type_equity', 'equity', 'equity'],
  ['Odoo', 'data_account_type_equity', 'equity', 'equity'],
  ['Odoo', 'equity_unaffected', 'equity', 'retained_earnings'],
  ['Odoo', 'Current Year Earnings', 'equity', 'retained_earnings'],
  ['Odoo', 'account.data_unaffected_earnings', 'equity', 'retained_earnings'],
  ['Odoo', 'data_unaffected_earnings', 'equity', 'retained_earnings'],
  ['Odoo', 'income', 'revenue', 'revenue'],
  ['Odoo', 'Income', 'revenue', 'revenue'],
  ['Odoo', 'account.data_account_type_revenue', 'revenue', 'revenue'],
  ['Odoo', 'data_account_type_revenue', 'revenue', 'revenue'],
  ['Odoo', 'income_other', 'revenue', 'other_income'],
  ['Odoo', 'Other Income', 'revenue', 'other_income'],
  ['Odoo', 'account.data_account_type_other_income', 'revenue', 'other_income'],
  ['Odoo', 'data_account_type_other_income', 'revenue', 'other_income'],
  ['Odoo', 'expense', 'expense', 'operating_expense'],
  ['Odoo', 'Expenses', 'expense', 'operating_expense'],
  ['Odoo', 'account.data_account_type_expenses', 'expense', 'operating_expense'],
  ['Odoo', 'data_account_type_expenses', 'expense', 'operating_expense'],
  ['Odoo', 'expense_other', 'expense', 'other_expense'],
  ['Odoo', 'Other Expenses', 'expense', 'other_expense'],
  ['Odoo', 'expense_depreciation', 'expense', 'depreciation'],
  ['Odoo', 'Depreciation', 'expense', 'depreciation'],
  ['Odoo', 'account.data_account_type_depreciation', 'expense', 'depreciation'],
  ['Odoo', 'data_account_type_depreciation', 'expense', 'depreciation'],
  ['Odoo', 'expense_direct_cost', 'expense', 'cost_of_sales'],
  ['Odoo', 'Cost of Revenue', 'expense', 'cost_of_sales'],
  ['Odoo', 'account.data_account_type_direct_costs', 'expense', 'cost_of_sales'],
  ['Odoo', 'data_account_type_direct_costs', 'expense', 'cost_of_sales'],

  ['ERPNext', 'Asset', 'asset', null],
  ['ERPNext', 'Liability', 'liability', null],
  ['ERPNext', 'Equity', 'equity', 'equity'],
  ['ERPNext', 'Income', 'revenue', 'revenue'],
  ['ERPNext', 'Expense', 'expense', 'operating_expense'],

  ['Sage', 'Cash', 'asset', 'cash'],
  ['Sage', 'Accounts Receivable', 'asset', 'receivable'],
  ['Sage', 'Receivables Retainage', 'asset', 'receivable'],
  ['Sage', 'Inventory', 'asset', 'inventory'],
  ['Sage', 'Other Current Assets', 'asset', 'current_asset'],
  ['Sage', 'Fixed Assets', 'asset', 'fixed_asset'],
  ['Sage', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['Sage', 'Other Assets', 'asset', 'other_asset'],
  ['Sage', 'Accounts Payable', 'liability', 'payable'],
  ['Sage', 'Payables Retainage', 'liability', 'payable'],
  ['Sage', 'Other Current Liabilities', 'liability', 'current_liability'],
  ['Sage', 'Long Term Liabilities', 'liability', 'long_term_debt'],
  ['Sage', "Equity - doesn't close (Corporation)", 'equity', 'equity'],
  ['Sage', 'Equity - gets closed (Proprietorship)', 'equity', 'equity'],
  ['Sage', 'Equity - Retained Earnings', 'equity', 'retained_earnings'],
  ['Sage', 'Income', 'revenue', 'revenue'],
  ['Sage', 'Cost of Sales', 'expense', 'cost_of_sales'],
  ['Sage', 'Expenses', 'expense', 'operating_expense'],
  ['Sage', 'Current Assets', 'asset', 'current_asset'],
  ['Sage', 'Current Liabilities', 'liability', 'current_liability'],
  ['Sage', 'Capital & Reserves', 'equity', 'equity'],
  ['Sage', 'Sales', 'revenue', 'revenue'],
  ['Sage', 'Purchases', 'expense', 'cost_of_sales'],
  ['Sage', 'Direct Expenses', 'expense', 'cost_of_sales'],
  ['Sage', 'Overheads', 'expense', 'operating_expense'],
  ['Sage', 'Taxation', 'expense', 'income_tax'],

  ['NetSuite', 'Bank', 'asset', 'cash'],
  ['NetSuite', 'AcctRec', 'asset', 'receivable'],
  ['NetSuite', 'Accounts Receivable', 'asset', 'receivable'],
  ['NetSuite', 'UnbilledRec', 'asset', 'receivable'],
  ['NetSuite', 'Unbilled Receivable', 'asset', 'receivable'],
  ['NetSuite', 'OthCurrAsset', 'asset', 'current_asset'],
  ['NetSuite', 'Other Current Asset', 'asset', 'current_asset'],
  ['NetSuite', 'DeferExpense', 'asset', 'prepaid'],
  ['NetSuite', 'Deferred Expense', 'asset', 'prepaid'],
  ['NetSuite', 'FixedAsset', 'asset', 'fixed_asset'],
  ['NetSuite', 'Fixed Asset', 'asset', 'fixed_asset'],
  ['NetSuite', 'OthAsset', 'asset', 'other_asset'],
  ['NetSuite', 'Other Asset', 'asset', 'other_asset'],
  ['NetSuite', 'AcctPay', 'liability', 'payable'],
  ['NetSuite', 'Accounts Payable', 'liability', 'payable'],
  ['NetSuite', 'CredCard', 'liability', 'credit_card'],
  ['NetSuite', 'Credit Card', 'liability', 'credit_card'],
  ['NetSuite', 'OthCurrLiab', 'liability', 'current_liability'],
  ['NetSuite', 'Other Current Liability', 'liability', 'current_liability'],
  ['NetSuite', 'DeferRevenue', 'liability', 'deferred_revenue'],
  ['NetSuite', 'Deferred Revenue', 'liability', 'deferred_revenue'],
  ['NetSuite', 'LongTermLiab', 'liability', 'long_term_debt'],
  ['NetSuite', 'Long Term Liability', 'liability', 'long_term_debt'],
  ['NetSuite', 'Equity', 'equity', 'equity'],
  ['NetSuite', 'Income', 'revenue', 'revenue'],
  ['NetSuite', 'OthIncome', 'revenue', 'other_income'],
  ['NetSuite', 'Other Income', 'revenue', 'other_income'],
  ['NetSuite', 'COGS', 'expense', 'cost_of_sales'],
  ['NetSuite', 'Cost of Goods Sold', 'expense', 'cost_of_sales'],
  ['NetSuite', 'Expense', 'expense', 'operating_expense'],
  ['NetSuite', 'OthExpense', 'expense', 'other_expense'],
  ['NetSuite', 'Other Expense', 'expense', 'other_expense'],

  ['GnuCash', 'ASSET', 'asset', null],
  ['GnuCash', 'Assets', 'asset', null],
  ['GnuCash', 'Aktiva', 'asset', null],
  ['GnuCash', 'Actif', 'asset', null],
  ['GnuCash', 'Activo', 'asset', null],
  ['GnuCash', 'BANK', 'asset', 'cash'],
  ['GnuCash', 'CASH', 'asset', 'cash'],
  ['GnuCash', 'CHECKING', 'asset', 'cash'],
  ['GnuCash', 'SAVINGS', 'asset', 'cash'],
  ['GnuCash', 'MONEYMRKT', 'asset', 'cash'],
  ['GnuCash', 'RECEIVABLE', 'asset', 'receivable'],
  ['GnuCash', 'A/Receivable', 'asset', 'receivable'],
  ['GnuCash', 'STOCK', 'asset', 'other_asset'],
  ['GnuCash', 'MUTUAL', 'asset', 'other_asset'],
  ['GnuCash', 'Mutual Fund', 'asset', 'other_asset'],
  ['GnuCash', 'LIABILITY', 'liability', null],
  ['GnuCash', 'Liabilities', 'liability', null],
  ['GnuCash', 'Fremdkapital', 'liability', null],
  ['GnuCash', 'Passif', 'liability', null],
  ['GnuCash', 'Pasivo', 'liability', null],
  ['GnuCash', 'CREDIT', 'liability', 'credit_card'],
  ['GnuCash', 'Credit Card', 'liability', 'credit_card'],
  ['GnuCash', 'CREDITLINE', 'liability', 'current_liability'],
  ['GnuCash', 'PAYABLE', 'liability', 'payable'],
  ['GnuCash', 'A/Payable', 'liability', 'payable'],
  ['GnuCash', 'EQUITY', 'equity', 'equity'],
  ['GnuCash', 'Eigenkapital', 'equity', 'equity'],
  ['GnuCash', 'Anfangsbestand', 'equity', 'equity'],
  ['GnuCash', 'Capitaux propres', 'equity', 'equity'],
  ['GnuCash', 'TRADING', 'equity', 'equity'],
  ['GnuCash', 'INCOME', 'revenue', 'revenue'],
  ['GnuCash', 'Erträge', 'revenue', 'revenue'],
  ['GnuCash', 'Revenus', 'revenue', 'revenue'],
  ['GnuCash', 'Ingresos', 'revenue', 'revenue'],
  ['GnuCash', 'EXPENSE', 'expense', 'operating_expense'],
  ['GnuCash', 'Expenses', 'expense', 'operating_expense'],
  ['GnuCash', 'Aufwendungen', 'expense', 'operating_expense'],
  ['GnuCash', 'Dépenses', 'expense', 'operating_expense'],
  ['GnuCash', 'Gastos', 'expense', 'operating_expense'],

  ['generic', 'Revenues', 'revenue', 'revenue'],
  ['generic', 'Turnover', 'revenue', 'revenue'],
  ['generic', 'Cost', 'expense', 'operating_expense'],
  ['generic', 'Expenditure', 'expense', 'operating_expense'],
  ['generic', 'Debtors', 'asset', 'receivable'],
  ['generic', 'Creditors', 'liability', 'payable'],
  ['generic', 'Capital', 'equity', 'equity'],
];

/** Every detail type, read with a type of its own kind, and the subtype it must give. */
const DETAILS: readonly (readonly [
  vocabulary: string,
  value: string,
  detail: string,
  type: string,
  subtype: string | null,
])[] = [
  ['QuickBooks', 'Bank', 'Cash on hand', 'asset', 'cash'],
  ['QuickBooks', 'Bank', 'Checking', 'asset', 'cash'],
  ['QuickBooks', 'Bank', 'Savings', 'asset', 'cash'],
  ['QuickBooks', 'Bank', 'Money Market', 'asset', 'cash'],
  ['QuickBooks', 'Other Current Asset', 'Inventory', 'asset', 'inventory'],
  ['QuickBooks', 'Other Current Asset', 'Prepaid Expenses', 'asset', 'prepaid'],
  ['QuickBooks', 'Fixed Asset', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['QuickBooks', 'Other Asset', 'Accumulated Amortization', 'asset', 'accumulated_depreciation'],
  ['QuickBooks', 'Other Current Liability', 'Sales Tax Payable', 'liability', 'tax_liability'],
  ['QuickBooks', 'Other Current Liability', 'Payroll Tax Payable', 'liability', 'tax_liability'],
  ['QuickBooks', 'Other Current Liability', 'Federal Income Tax Payable', 'liability', 'tax_liability'],
  ['QuickBooks', 'Other Current Liability', 'Payroll Clearing', 'liability', 'payroll_liability'],
  ['QuickBooks', 'Other Current Liability', 'Payroll liabilities', 'liability', 'payroll_liability'],
  ['QuickBooks', 'Equity', 'Retained Earnings', 'equity', 'retained_earnings'],
  ['QuickBooks', 'Income', 'Discounts/Refunds Given', 'revenue', 'contra_revenue'],
  ['QuickBooks', 'Other Expense', 'Depreciation', 'expense', 'depreciation'],
  ['QuickBooks', 'Other Expense', 'Amortization', 'expense', 'depreciation'],
  ['QuickBooks', 'Expense', 'Income tax expense', 'expense', 'income_tax'],

  ['ERPNext', 'Asset', 'Bank', 'asset', 'cash'],
  ['ERPNext', 'Asset', 'Cash', 'asset', 'cash'],
  ['ERPNext', 'Asset', 'Receivable', 'asset', 'receivable'],
  ['ERPNext', 'Asset', 'Stock', 'asset', 'inventory'],
  ['ERPNext', 'Asset', 'Current Asset', 'asset', 'current_asset'],
  ['ERPNext', 'Asset', 'Temporary', 'asset', 'current_asset'],
  ['ERPNext', 'Asset', 'Fixed Asset', 'asset', 'fixed_asset'],
  ['ERPNext', 'Asset', 'Capital Work in Progress', 'asset', 'fixed_asset'],
  ['ERPNext', 'Asset', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['ERPNext', 'Liability', 'Payable', 'liability', 'payable'],
  ['ERPNext', 'Liability', 'Tax', 'liability', 'tax_liability'],
  ['ERPNext', 'Liability', 'Current Liability', 'liability', 'current_liability'],
  ['ERPNext', 'Liability', 'Stock Received But Not Billed', 'liability', 'current_liability'],
  ['ERPNext', 'Liability', 'Asset Received But Not Billed', 'liability', 'current_liability'],
  ['ERPNext', 'Liability', 'Service Received But Not Billed', 'liability', 'current_liability'],
  ['ERPNext', 'Liability', 'Liability', 'liability', null],
  ['ERPNext', 'Equity', 'Equity', 'equity', 'equity'],
  ['ERPNext', 'Income', 'Income Account', 'revenue', 'revenue'],
  ['ERPNext', 'Income', 'Direct Income', 'revenue', 'revenue'],
  ['ERPNext', 'Income', 'Indirect Income', 'revenue', 'other_income'],
  ['ERPNext', 'Expense', 'Cost of Goods Sold', 'expense', 'cost_of_sales'],
  ['ERPNext', 'Expense', 'Direct Expense', 'expense', 'cost_of_sales'],
  ['ERPNext', 'Expense', 'Stock Adjustment', 'expense', 'cost_of_sales'],
  ['ERPNext', 'Expense', 'Expenses Included In Valuation', 'expense', 'cost_of_sales'],
  ['ERPNext', 'Expense', 'Expenses Included In Asset Valuation', 'expense', 'cost_of_sales'],
  ['ERPNext', 'Expense', 'Expense Account', 'expense', 'operating_expense'],
  ['ERPNext', 'Expense', 'Indirect Expense', 'expense', 'operating_expense'],
  ['ERPNext', 'Expense', 'Chargeable', 'expense', 'operating_expense'],
  ['ERPNext', 'Expense', 'Round Off', 'expense', 'operating_expense'],
  ['ERPNext', 'Expense', 'Depreciation', 'expense', 'depreciation'],
];

const typeAndSubtype = (value: string, detail?: string | null) => {
  const mapped = mapAccountType(value, detail);
  return mapped && { type: mapped.type, subtype: mapped.subtype };
};

describe('mapAccountType', () => {
  it.each(TYPES)('maps %s "%s" to %s, %s', (_vocabulary, value, type, subtype) => {
    expect(typeAndSubtype(value)).toEqual({ type, subtype });
  });

  it('has a test row for every spelling in the table, so a new spelling cannot go unchecked', () => {
    const tested = new Set(TYPES.map(([vocabulary, value]) => `${vocabulary}|${value}`));
    const untested = FOREIGN_ACCOUNT_TYPES.flatMap((entry) =>
      entry.names.map((name) => `${entry.vocabulary}|${name}`),
    ).filter((spelling) => !tested.has(spelling));
    expect(untested).toEqual([]);
  });

  it.each(DETAILS)('refines %s "%s" by the detail type "%s" to %s, %s', (_vocabulary, value, detail, type, subtype) => {
    expect(typeAndSubtype(value, detail)).toEqual({ type, subtype });
  });

  it('has a test row for every detail type in the table', () => {
    const tested = new Set(DETAILS.map(([vocabulary, , detail]) => `${vocabulary}|${detail}`));
    const untested = FOREIGN_DETAIL_TYPES.flatMap((entry) =>
      entry.names.map((name) => `${entry.vocabulary}|${name}`),
    ).filter((spelling) => !tested.has(spelling));
    expect(untested).toEqual([]);
  });

  it.each([
    ['Accounts Receivable (A/R)'],
    ['accounts receivable'],
    ['ACCOUNTS RECEIVABLE'],
    ['Accounts  Receivable'],
    ['Account receivable'],
    ['AccountsReceivable'],
    ['A/R'],
    ['AR'],
    ['  a/r  '],
  ])('reads "%s" as a receivable whatever its case, spacing, punctuation and plural', (value) => {
    expect(typeAndSubtype(value)).toEqual({ type: 'asset', subtype: 'receivable' });
  });

  it.each([
    ['Other Current Liabilities', 'liability', 'current_liability'],
    ['other-current-liability', 'liability', 'current_liability'],
    ['_otherCurrentLiability', 'liability', 'current_liability'],
    ['Expenses', 'expense', 'operating_expense'],
    ['COST OF GOODS SOLD', 'expense', 'cost_of_sales'],
    ['Capital and Reserves', 'equity', 'equity'],
    ['Equity - doesnt close', 'equity', 'equity'],
    ['DEPENSES', 'expense', 'operating_expense'],
    ['Ertrage', 'revenue', 'revenue'],
  ])('normalizes "%s" to %s, %s', (value, type, subtype) => {
    expect(typeAndSubtype(value)).toEqual({ type, subtype });
  });

  it('names the vocabulary that spells the value exactly so, else the first that shares its spelling', () => {
    expect(mapAccountType('current_asset')?.vocabulary).toBe('Finboard');
    expect(mapAccountType('CURRLIAB')?.vocabulary).toBe('Xero');
    expect(mapAccountType('OthCurrAsset')?.vocabulary).toBe('NetSuite');
    expect(mapAccountType('asset_current')?.vocabulary).toBe('Odoo');
    expect(mapAccountType('Other Current Asset')?.vocabulary).toBe('QuickBooks');
    expect(mapAccountType('ASSET')?.vocabulary).toBe('GnuCash');
    expect(mapAccountType('Capital & Reserves')?.vocabulary).toBe('Sage');
    expect(mapAccountType('other current assets')?.vocabulary).toBe('QuickBooks');
    expect(mapAccountType('Turnover')?.vocabulary).toBe('generic');
  });

  it('keeps the type and its subtype when the detail type is unknown or of another type', () => {
    expect(mapAccountType('Other Current Asset', 'Undeposited Funds')).toEqual({
      type: 'asset',
      subtype: 'current_asset',
      vocabulary: 'QuickBooks',
    });
    expect(mapAccountType('Asset', 'Tax')).toEqual({ type: 'asset', subtype: null, vocabulary: 'ERPNext' });
    expect(mapAccountType('Expense', 'Retained Earnings')).toEqual({
      type: 'expense',
      subtype: 'operating_expense',
      vocabulary: 'QuickBooks',
    });
    expect(mapAccountType('Expense', '')).toEqual({
      type: 'expense',
      subtype: 'operating_expense',
      vocabulary: 'QuickBooks',
    });
  });

  it('never erases a subtype with a detail type that has none', () => {
    expect(mapAccountType('Current Liability', 'Liability')).toEqual({
      type: 'liability',
      subtype: 'current_liability',
      vocabulary: 'Xero',
    });
  });

  it('refines our own type by our own subtype, so a file in Finboard words maps to itself', () => {
    expect(mapAccountType('expense', 'cost_of_sales')).toEqual({
      type: 'expense',
      subtype: 'cost_of_sales',
      vocabulary: 'Finboard',
    });
    expect(mapAccountType('asset', 'cash')).toEqual({ type: 'asset', subtype: 'cash', vocabulary: 'Finboard' });
  });

  it('reads a type it does not know from its detail type alone', () => {
    expect(mapAccountType('Crypto Wallet', 'Checking')).toEqual({
      type: 'asset',
      subtype: 'cash',
      vocabulary: 'QuickBooks',
    });
    expect(mapAccountType('Prepaid Expenses')).toEqual({ type: 'asset', subtype: 'prepaid', vocabulary: 'QuickBooks' });
  });

  it('reads GnuCash STOCK as shares held and ERPNext account_type Stock as inventory', () => {
    expect(typeAndSubtype('STOCK')).toEqual({ type: 'asset', subtype: 'other_asset' });
    expect(typeAndSubtype('Asset', 'Stock')).toEqual({ type: 'asset', subtype: 'inventory' });
  });

  it.each([
    ['NonPosting'],
    ['Non Posting'],
    ['Stat'],
    ['off_balance'],
    ['Off-Balance Sheet'],
    ['balancesheet'],
    ['Crypto Wallet'],
    [''],
    ['   '],
    ['()'],
  ])('answers nothing for "%s"', (value) => {
    expect(mapAccountType(value)).toBeUndefined();
    expect(mapAccountType(value, 'Also unknown')).toBeUndefined();
  });
});

describe('suggestFromPath', () => {
  it.each([
    ['Expenses:Office:Rent', 'expense', 'operating_expense'],
    ['Assets:Current Assets:Checking Account', 'asset', 'cash'],
    ['Assets:Current Assets:Savings Account', 'asset', 'cash'],
    ['Assets:Current Assets:Petty Cash', 'asset', 'cash'],
    ['Assets:Current Assets', 'asset', 'current_asset'],
    ['Assets:Current Assets:Misc', 'asset', 'current_asset'],
    ['Assets:Accounts Receivable', 'asset', 'receivable'],
    ['Assets:Current Assets:Prepaid Insurance', 'asset', 'prepaid'],
    ['Assets:Inventory:Widgets', 'asset', 'inventory'],
    ['Assets:Fixed Assets:Office Equipment', 'asset', 'fixed_asset'],
    ['Assets:Fixed Assets:Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
    ['Assets:Fixed Assets:Accumulated Depreciation:Vehicles', 'asset', 'accumulated_depreciation'],
    ['Assets:Investments:Brokerage', 'asset', 'other_asset'],
    ['Assets', 'asset', null],
    ['Assets:Misc', 'asset', null],
    ['Liabilities:Accounts Payable', 'liability', 'payable'],
    ['Liabilities:Credit Card:Visa', 'liability', 'credit_card'],
    ['Liabilities:Sales Tax Payable', 'liability', 'tax_liability'],
    ['Liabilities:Payroll:Withholding', 'liability', 'payroll_liability'],
    ['Liabilities:Loans:Car Loan', 'liability', 'long_term_debt'],
    ['Liabilities:Current Liabilities:Accrued', 'liability', 'current_liability'],
    ['Liabilities:Unearned Revenue', 'liability', 'deferred_revenue'],
    ['Liabilities', 'liability', null],
    ['Equity:Opening Balances', 'equity', 'equity'],
    ['Equity:Retained Earnings', 'equity', 'retained_earnings'],
    ['Income:Sales', 'revenue', 'revenue'],
    ['Income:Consulting', 'revenue', 'revenue'],
    ['Income:Interest Income', 'revenue', 'other_income'],
    ['Income:Other Income', 'revenue', 'other_income'],
    ['Revenue:Services', 'revenue', 'revenue'],
    ['Expenses:Cost of Goods Sold:Freight', 'expense', 'cost_of_sales'],
    ['Expenses:Cost of Sales', 'expense', 'cost_of_sales'],
    ['Expenses:Depreciation', 'expense', 'depreciation'],
    ['Expenses:Taxes:Federal', 'expense', 'income_tax'],
    ['Expenses:Taxes:Social Security', 'expense', 'operating_expense'],
    ['Expenses:Payroll Taxes', 'expense', 'operating_expense'],
    ['Expenses:Interest:Mortgage Interest', 'expense', 'other_expense'],
    ['Expenses:Bank Service Charges', 'expense', 'operating_expense'],
    ['Expense:Utilities:Electric', 'expense', 'operating_expense'],
    ['Aufwendungen:Büro:Miete', 'expense', 'operating_expense'],
    ['Aktiva:Barvermögen:Girokonto', 'asset', null],
    ['Actif:Actifs actuels', 'asset', null],
    ['Capitaux propres:Soldes initiaux', 'equity', 'equity'],
  ])('reads "%s" as %s, %s', (path, type, subtype) => {
    expect(suggestFromPath(path)).toEqual({ type, subtype, vocabulary: 'path' });
  });

  it('splits on the separator it is given and ignores empty segments and spaces', () => {
    expect(suggestFromPath('Assets / Current Assets / Checking', '/')).toEqual({
      type: 'asset',
      subtype: 'cash',
      vocabulary: 'path',
    });
    expect(suggestFromPath(' :Expenses: :Depreciation')).toEqual({
      type: 'expense',
      subtype: 'depreciation',
      vocabulary: 'path',
    });
  });

  it.each([['Office:Rent'], ['Rent'], [''], [':::'], ['Misc:Assets:Cash']])(
    'answers nothing when the root of "%s" names no type',
    (path) => {
      expect(suggestFromPath(path)).toBeUndefined();
    },
  );
});

describe('suggestFromName', () => {
  it.each([
    ['Checking', 'asset', 'cash'],
    ['Business Bank Account', 'asset', 'cash'],
    ['Petty Cash', 'asset', 'cash'],
    ['Cash', 'asset', 'cash'],
    ['Accounts Receivable', 'asset', 'receivable'],
    ['Accounts Receivable (A/R)', 'asset', 'receivable'],
    ['Trade Debtors', 'asset', 'receivable'],
    ['Prepaid Expenses', 'asset', 'prepaid'],
    ['Inventory Asset', 'asset', 'inventory'],
    ['Stocks and work in progress', 'asset', 'inventory'],
    ['Office Equipment', 'asset', 'fixed_asset'],
    ['Furniture and Fixtures', 'asset', 'fixed_asset'],
    ['Less Accumulated Depreciation on Office Equipment', 'asset', 'accumulated_depreciation'],
    ['Goodwill', 'asset', 'other_asset'],
    ['Accounts Payable (A/P)', 'liability', 'payable'],
    ['Creditors', 'liability', 'payable'],
    ['Visa', 'liability', 'credit_card'],
    ['Credit Card Payable', 'liability', 'credit_card'],
    ['Sales Tax Payable', 'liability', 'tax_liability'],
    ['Income Tax Payable', 'liability', 'tax_liability'],
    ['VAT Control Account', 'liability', 'tax_liability'],
    ['Wages Payable', 'liability', 'payroll_liability'],
    ['Payroll Liabilities', 'liability', 'payroll_liability'],
    ['Notes Payable', 'liability', 'long_term_debt'],
    ['Bank Loan', 'liability', 'long_term_debt'],
    ['Accrued Expenses', 'liability', 'current_liability'],
    ['Dividends Payable', 'liability', 'current_liability'],
    ['Deferred Revenue', 'liability', 'deferred_revenue'],
    ['Retained Earnings', 'equity', 'retained_earnings'],
    ["Owner's Equity", 'equity', 'equity'],
    ['Opening Balance Equity', 'equity', 'equity'],
    ['Share Capital', 'equity', 'equity'],
    ['Owner A Drawings', 'equity', 'equity'],
    ['Sales', 'revenue', 'revenue'],
    ['Service Revenue', 'revenue', 'revenue'],
    ['Consulting Income', 'revenue', 'revenue'],
    ['Interest Income', 'revenue', 'other_income'],
    ['Rental Income', 'revenue', 'other_income'],
    ['Gain on Sale of Assets', 'revenue', 'other_income'],
    ['Sales Discounts', 'revenue', 'contra_revenue'],
    ['Cost of Goods Sold', 'expense', 'cost_of_sales'],
    ['Purchases', 'expense', 'cost_of_sales'],
    ['Rent Expense', 'expense', 'operating_expense'],
    ['Rent', 'expense', 'operating_expense'],
    ['Sales Commissions', 'expense', 'operating_expense'],
    ['Bank Service Charges', 'expense', 'operating_expense'],
    ['Equipment Rental', 'expense', 'operating_expense'],
    ['Office Supplies', 'expense', 'operating_expense'],
    ['Depreciation Expense', 'expense', 'depreciation'],
    ['Income Tax Expense', 'expense', 'income_tax'],
    ['Interest Expense', 'expense', 'other_expense'],
    ['Exchange Gain/Loss', 'expense', 'other_expense'],
  ])('guesses "%s" is %s, %s', (name, type, subtype) => {
    expect(suggestFromName(name)).toEqual({ type, subtype, vocabulary: 'guess' });
  });

  it('prefers what the name says to what the code says', () => {
    expect(suggestFromName('Checking', '6000')).toEqual({ type: 'asset', subtype: 'cash', vocabulary: 'guess' });
  });

  it.each([
    ['1000', 'asset', null],
    ['2100', 'liability', null],
    ['3000', 'equity', 'equity'],
    ['4010', 'revenue', 'revenue'],
    ['5000', 'expense', 'cost_of_sales'],
    ['6120', 'expense', 'operating_expense'],
    ['7000', 'expense', 'operating_expense'],
    ['8000', 'expense', 'operating_expense'],
    ['9100', 'expense', 'operating_expense'],
    ['101401', 'asset', null],
    ['1000-01', 'asset', null],
    [' 4000.10 ', 'revenue', 'revenue'],
  ])('falls back on the first digit of code %s when the name says nothing', (code, type, subtype) => {
    expect(suggestFromName('Miscellaneous', code)).toEqual({ type, subtype, vocabulary: 'guess' });
  });

  it("reads QuickBooks' Undeposited Funds as a current asset", () => {
    expect(suggestFromName('Undeposited Funds', undefined)).toEqual({
      type: 'asset',
      subtype: 'current_asset',
      vocabulary: 'guess',
    });
  });

  it.each([
    ['Miscellaneous', undefined],
    ['Suspense', null],
    ['Ask My Accountant', ''],
    ['Historical Adjustment', '610'],
    ['Clearing', '0010'],
    ['Cash Over and Short', '12'],
    ['', undefined],
  ])('guesses nothing for "%s" with code %s', (name, code) => {
    expect(suggestFromName(name, code)).toBeUndefined();
  });
});
