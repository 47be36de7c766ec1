/**
 * Statements a language model writes for finance questions, which Chat DB must answer on both databases: sums,
 * months and accounts, CASE, ROUND(x, 2), COALESCE, date_trunc, to_char, comparisons, LIKE, joins, WITH queries,
 * window functions, ratios and growth, percentiles, labels built from a few columns. The SQL guard's bounds on a
 * model's statement (sql-guard.ts, value-sizes.ts) must leave every one of them alone.
 */
export const FINANCE_SQL: readonly string[] = [
  `SELECT account_code, sum(debit) FROM "02_GL_Detail" GROUP BY 1`,
  `SELECT date_trunc('month', posting_date) AS month, sum(debit) - sum(credit) AS net FROM "02_GL_Detail" GROUP BY 1 ORDER BY 1`,
  `SELECT to_char(posting_date, 'YYYY-MM') AS month, ROUND(SUM(debit)::numeric, 2) AS total FROM "02_GL_Detail" GROUP BY 1`,
  `SELECT a.account_type,
     SUM(CASE WHEN a.account_type = 'revenue' THEN g.credit - g.debit ELSE g.debit - g.credit END) AS amount
   FROM "02_GL_Detail" g JOIN "01_Account" a ON a.account_code = g.account_code GROUP BY a.account_type`,
  `SELECT period, COALESCE(SUM(amount), 0) AS revenue FROM vw_profit_and_loss
   WHERE account_type = 'revenue' AND period BETWEEN '2024-01' AND '2024-12' GROUP BY period ORDER BY period`,
  `SELECT account_name, ROUND(100.0 * SUM(amount) / NULLIF(SUM(SUM(amount)) OVER (), 0), 2) AS share
   FROM vw_profit_and_loss WHERE account_type = 'expense' GROUP BY account_name ORDER BY share DESC LIMIT 10`,
  `WITH m AS (
     SELECT period, SUM(amount) FILTER (WHERE account_type = 'revenue') AS revenue,
       SUM(amount) FILTER (WHERE account_type = 'expense') AS expenses
     FROM vw_profit_and_loss GROUP BY period)
   SELECT period, revenue, expenses, revenue - expenses AS profit,
     ROUND((revenue - expenses) / NULLIF(revenue, 0) * 100, 1) AS margin_pct,
     LAG(revenue) OVER (ORDER BY period) AS prior,
     ROUND((revenue - LAG(revenue) OVER (ORDER BY period)) / NULLIF(LAG(revenue) OVER (ORDER BY period), 0) * 100, 2) AS growth
   FROM m ORDER BY period`,
  `SELECT department, SUM(budget) AS budget, SUM(actual) AS actual, SUM(variance) AS variance,
     ROUND(AVG(variance_percent), 2) AS average_variance_percent
   FROM vw_budget_vs_actual GROUP BY department`,
  `SELECT description FROM "02_GL_Detail" WHERE description ILIKE '%rent%' OR counterparty LIKE 'Acme%'
   ORDER BY posting_date DESC LIMIT 20`,
  `SELECT counterparty, COUNT(*) AS n, SUM(debit) AS spend FROM "02_GL_Detail"
   WHERE posting_date >= DATE '2024-01-01' AND posting_date < CURRENT_DATE - INTERVAL '30 days'
   GROUP BY counterparty HAVING SUM(debit) > 1000 ORDER BY spend DESC`,
  `SELECT period, closing_cash, opening_cash, cash_in - cash_out AS net FROM vw_cash_flow ORDER BY period DESC LIMIT 1`,
  `SELECT section, SUM(balance) FROM vw_balance_sheet WHERE period = (SELECT MAX(period) FROM vw_balance_sheet)
   GROUP BY section`,
  `SELECT account_code, account_name FROM "01_Account"
   WHERE account_code IN (SELECT account_code FROM "02_GL_Detail" WHERE debit > 10000)`,
  `SELECT EXTRACT(YEAR FROM posting_date)::int AS year, EXTRACT(MONTH FROM posting_date) AS month, SUM(debit)
   FROM "02_GL_Detail" GROUP BY 1, 2`,
  `WITH y AS (SELECT fiscal_year, SUM(amount) AS revenue FROM vw_profit_and_loss
     WHERE account_type = 'revenue' GROUP BY fiscal_year)
   SELECT ROUND((POWER(MAX(revenue) / NULLIF(MIN(revenue), 0), 0.5) - 1) * 100, 2) AS two_year_cagr FROM y`,
  `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY debit) AS median,
     ROUND(percentile_cont(0.9) WITHIN GROUP (ORDER BY debit)::numeric, 2) AS p90
   FROM "02_GL_Detail" WHERE debit > 0`,
  `SELECT account_code, SUM(debit - credit) OVER (PARTITION BY account_code ORDER BY posting_date ROWS UNBOUNDED PRECEDING) AS running
   FROM "02_GL_Detail"`,
  `SELECT a.account_name, t.closing_balance, t.closing_balance - t.opening_balance AS movement
   FROM "04_Trial_Balance" t LEFT JOIN "01_Account" a USING (account_code) WHERE t.period = '2024-12'`,
  `SELECT COUNT(DISTINCT journal_id) AS journals, MIN(posting_date), MAX(posting_date), STDDEV(debit), VARIANCE(credit)
   FROM "02_GL_Detail"`,
  `SELECT account_code, STDDEV(debit) / NULLIF(AVG(debit), 0) AS cv FROM "02_GL_Detail" GROUP BY account_code`,
  `SELECT CASE WHEN SUM(debit) > SUM(credit) THEN 'debit' ELSE 'credit' END AS side, ABS(SUM(debit) - SUM(credit)) AS diff
   FROM "02_GL_Detail"`,
  `SELECT LEFT(period, 4)::int AS year, SUBSTRING(period, 6, 2)::int AS month, SUM(net)
   FROM "05_Monthly_Balance" WHERE grain = 0 GROUP BY 1, 2`,
  `SELECT split_part(period, '-', 1) AS year, GREATEST(SUM(debit), SUM(credit)), LEAST(MIN(debit), 0)
   FROM "02_GL_Detail" GROUP BY 1`,
  `SELECT concat_ws(' | ', journal_id, posting_date, account_code, description, debit, credit) FROM "02_GL_Detail" LIMIT 100`,
  `SELECT 'Account ' || account_code || ' (' || account_name || ') is ' || account_type AS label FROM "01_Account"`,
  `SELECT account_code, (array_agg(closing_balance ORDER BY period DESC))[1] AS latest FROM "04_Trial_Balance"
   GROUP BY account_code`,
  `WITH l AS (
     SELECT account_code, (array_agg(closing_balance ORDER BY period DESC))[1] AS latest,
       (array_agg(closing_balance ORDER BY period DESC))[2] AS prior
     FROM "04_Trial_Balance" GROUP BY account_code)
   SELECT account_code, latest - prior AS change FROM l`,
  `SELECT account_type, SUM(amount) AS total FROM vw_profit_and_loss
   WHERE account_type = ANY(ARRAY['revenue', 'expense']) GROUP BY ROLLUP (account_type)`,
  `SELECT period, SUM(amount) AS total, SUM(SUM(amount)) OVER (ORDER BY period) AS ytd,
     AVG(SUM(amount)) OVER (ORDER BY period ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving_avg
   FROM vw_profit_and_loss GROUP BY period`,
  `SELECT g.department, a.account_subtype, SUM(g.debit)::numeric(18,2) AS spend
   FROM "02_GL_Detail" g JOIN "01_Account" a ON a.account_code = g.account_code
   WHERE a.account_type = 'expense' GROUP BY CUBE (g.department, a.account_subtype)`,
  `SELECT to_char(SUM(debit), 'FM999,999,999,990.00') AS total_debit, to_char(posting_date, 'Mon YYYY') AS month
   FROM "02_GL_Detail" GROUP BY posting_date`,
  `SELECT DISTINCT ON (account_code) account_code, period, closing_balance FROM "04_Trial_Balance"
   ORDER BY account_code, period DESC`,
  `SELECT x.period, x.revenue / NULLIF(y.revenue, 0) - 1 AS yoy
   FROM (SELECT period, SUM(amount) AS revenue FROM vw_profit_and_loss WHERE account_type = 'revenue' GROUP BY period) x
   JOIN (SELECT period, SUM(amount) AS revenue FROM vw_profit_and_loss WHERE account_type = 'revenue' GROUP BY period) y
     ON y.period = to_char(to_date(x.period, 'YYYY-MM') - INTERVAL '1 year', 'YYYY-MM')`,
  `WITH r AS (
     SELECT SUM(amount) FILTER (WHERE account_subtype = 'cost_of_sales') AS cogs,
       SUM(amount) FILTER (WHERE account_type = 'revenue') AS revenue
     FROM vw_profit_and_loss)
   SELECT ROUND((revenue - cogs) / NULLIF(revenue, 0) * 100, 2) AS gross_margin,
     (revenue - cogs) / NULLIF(revenue, 0) / NULLIF(cogs / NULLIF(revenue, 0), 0) AS margin_to_cost_ratio
   FROM r`,
  `SELECT (period || '-01')::date AS month_start, SUM(debit) FROM "02_GL_Detail" GROUP BY period`,
  `SELECT TO_DATE("Period" || '-01', 'YYYY-MM-DD') AS month_start FROM "00_Period"`,
  `SELECT "Period", start_date, end_date, end_date - start_date + 1 AS days FROM "00_Period" WHERE NOT is_closed`,
  `SELECT account_code FROM "01_Account" a
   WHERE EXISTS (SELECT 1 FROM "03_Budget" b WHERE b.account_code = a.account_code) AND is_active`,
  `SELECT sqrt(SUM(debit * debit) / COUNT(*)) AS rms, ln(SUM(debit) + 1) AS log_total, log(10, SUM(credit) + 1) AS digits
   FROM "02_GL_Detail"`,
  `SELECT debit::float8 / NULLIF(credit, 0)::float8 AS ratio FROM "02_GL_Detail"`,
  `SELECT account_code::int + 1 AS next_code FROM "01_Account" WHERE account_code LIKE '4%'`,
  `SELECT upper(account_name), initcap(lower(account_name)), length(account_name), position('Cash' IN account_name),
     strpos(account_name, 'Sales') FROM "01_Account"`,
  `SELECT * FROM (VALUES ('revenue', 1), ('expense', 2)) AS v(type, place)
   JOIN "01_Account" a ON a.account_type = v.type ORDER BY place`,
  `SELECT mod(fiscal_period, 3), div(fiscal_period, 3), fiscal_year % 100, ceil(fiscal_period / 3.0) AS quarter
   FROM "00_Period"`,
  `SELECT power(1.05, 12), 2 ^ 10, exp(1), round(sum(debit), 2), trunc(avg(credit), -3) FROM "02_GL_Detail"`,
  `SELECT string_agg(DISTINCT department, ', ' ORDER BY department) AS departments FROM "02_GL_Detail"`,
];
