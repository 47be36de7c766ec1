import type { CSSProperties } from 'react';
import { Alert, Empty, Spin, Tag } from 'antd';
import {
  PACK_PAGE_KIND_LABELS,
  type PackDocument,
  type PackDocumentPage,
  type PackKpi,
} from '@finboard/shared/report-packs';
import { formatKpi, formatKpiChange, formatValue } from '@finboard/shared/report-format';
import type { ReportRow, ReportSection } from '@finboard/shared/reports';
import { isGoodNews, packChartOption, sparklineOption } from '../preview-charts';
import { TextBlocks } from './commentary-blocks';
import { PackChart } from './pack-chart';
import '../report-packs.css';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The live preview: the pack assembled by the server for the period, each page a sheet as the PDF shows it —
 * cover, contents, statements, KPI cards with sparklines, commentary and notes, charts and the tie-out.
 */
export function PackPreview(props: {
  document: PackDocument | undefined;
  loading: boolean;
  /** A newer preview is being assembled while this one shows. */
  updating?: boolean;
  error?: Error | null;
}) {
  const { document } = props;
  if (props.error && !document) return <Alert type="error" showIcon title={props.error.message} />;
  if (!document)
    return props.loading ? (
      <Spin style={{ display: 'block', margin: 48 }} tip="Assembling the preview...">
        <div style={{ minHeight: 120 }} />
      </Spin>
    ) : (
      <Empty description="Choose a period to preview the pack" />
    );
  return (
    <Spin spinning={Boolean(props.updating)} tip="Updating the preview...">
      {props.error && <Alert type="error" showIcon title={props.error.message} style={{ marginBottom: 8 }} />}
      <div
        className="pack-preview"
        role="region"
        aria-label="Preview"
        aria-busy={props.updating || undefined}
        style={{ '--pack-colour': document.colour } as CSSProperties}
      >
        {document.pages.length === 0 ? (
          <Empty description="The pack has no pages" />
        ) : (
          document.pages.map((page, index) => (
            <PreviewSheet key={page.id} document={document} page={page} number={index + 1} />
          ))
        )}
      </div>
    </Spin>
  );
}

export function PreviewSheet(props: { document: PackDocument; page: PackDocumentPage; number: number }) {
  const { document, page, number } = props;
  return (
    <section
      className={`pack-sheet${page.orientation === 'landscape' ? ' pack-sheet-landscape' : ''}`}
      aria-label={`Page ${number}: ${page.title}`}
      style={{ '--pack-colour': document.colour } as CSSProperties}
    >
      {page.kind === 'cover' ? (
        <div className="pack-cover">
          {document.logo && <img src={document.logo} alt={`${document.organization} logo`} />}
          <h2>{page.title}</h2>
          <div style={{ fontSize: 16 }}>{page.subtitle}</div>
          <div style={{ fontSize: 14 }}>{document.organization}</div>
          <div className="pack-sheet-muted">
            Prepared by {page.preparedBy} on {page.preparedOn}
          </div>
        </div>
      ) : (
        <>
          <header className="pack-sheet-header">
            <h3>{page.title}</h3>
            <span className="pack-sheet-muted">
              {document.organization} · {document.periodLabel}
            </span>
          </header>
          <SheetBody document={document} page={page} />
        </>
      )}
      <footer className="pack-sheet-footer">
        <span>{PACK_PAGE_KIND_LABELS[page.kind]}</span>
        <span>
          Page {number} of {document.pages.length}
        </span>
      </footer>
    </section>
  );
}

function SheetBody({ document, page }: { document: PackDocument; page: PackDocumentPage }) {
  switch (page.kind) {
    case 'cover':
      return null;
    case 'contents':
      return (
        <ol className="pack-contents" aria-label="Contents">
          {page.entries.map((entry) => (
            <li key={`${entry.page}-${entry.title}`}>
              <span>{entry.title}</span>
              <span aria-hidden />
              <span>{entry.page}</span>
            </li>
          ))}
        </ol>
      );
    case 'statement':
      return (
        <>
          <p className="pack-sheet-muted" style={{ marginTop: 0 }}>
            {page.scope} · {page.units}
          </p>
          {page.sections.length === 0 ? (
            <p className="pack-sheet-muted">No figures for this period.</p>
          ) : (
            page.sections.map((section) => (
              <StatementTable
                key={section.key}
                section={section}
                display={{ thousands: page.thousands, brackets: page.brackets }}
              />
            ))
          )}
        </>
      );
    case 'kpis':
      return (
        <div className="pack-kpis">
          {page.kpis.map((kpi) => (
            <KpiCard key={kpi.key} kpi={kpi} periods={page.periods} />
          ))}
        </div>
      );
    case 'commentary':
    case 'notes':
      return <TextBlocks blocks={page.blocks} />;
    case 'chart':
      return (
        <PackChart
          option={packChartOption(page, document.colour)}
          height={page.orientation === 'landscape' ? 320 : 280}
          label={`Chart: ${page.title}`}
        />
      );
    case 'tie-out':
      return <TieOutTable page={page} />;
  }
}

function StatementTable(props: { section: ReportSection; display: { thousands: boolean; brackets: boolean } }) {
  const { section, display } = props;
  return (
    <div className="pack-table-wrap">
      <table className="pack-table">
        <thead>
          <tr>
            <th scope="col">{section.label}</th>
            {section.columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row: ReportRow) => (
            <tr key={row.key} className={`pack-row-${row.kind}`}>
              <td style={{ paddingLeft: 6 + row.depth * 12 }}>{row.label}</td>
              {section.columns.map((column) => (
                <td key={column.key}>
                  {row.kind === 'heading'
                    ? ''
                    : formatValue(row.values[column.key], row.format ?? column.kind, display)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KpiCard({ kpi, periods }: { kpi: PackKpi; periods: string[] }) {
  const change = formatKpiChange(kpi.change, kpi.changeKind);
  const priorYear = formatKpiChange(kpi.priorYearChange, kpi.changeKind);
  const goodPriorYear = isGoodNews({ change: kpi.priorYearChange, higherIsBetter: kpi.higherIsBetter });
  return (
    <div className="pack-kpi" role="group" aria-label={kpi.label}>
      <div className="pack-sheet-muted">{kpi.label}</div>
      <div className="pack-kpi-value">{formatKpi(kpi.value, kpi.unit)}</div>
      <div className={isGoodNews(kpi) ? 'pack-good' : 'pack-bad'}>
        {change ? `${change} vs previous month` : 'No previous month'}
      </div>
      <div className={goodPriorYear ? 'pack-good' : 'pack-bad'}>
        {priorYear ? `${priorYear} vs prior year` : 'No prior year'}
      </div>
      <PackChart option={sparklineOption(kpi, periods)} height={36} label={`${kpi.label} over twelve months`} />
    </div>
  );
}

type TieOutPage = Extract<PackDocumentPage, { kind: 'tie-out' }>;

/** The ledger against the trial balance, line by line, and whether (and by whom) it was signed off. */
export function TieOutTable({ page }: { page: TieOutPage }) {
  return (
    <>
      <div className="pack-table-wrap">
        <table className="pack-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Ledger</th>
              <th scope="col">Trial balance</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.label}>
                <td>{row.label}</td>
                <td>{formatValue(row.ledger, 'amount')}</td>
                <td>{formatValue(row.trialBalance, 'amount')}</td>
                <td className={row.difference === 0 ? undefined : 'pack-bad'}>
                  {formatValue(row.difference, 'amount')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {page.balanced ? <Tag color="success">Ties out</Tag> : <Tag color="error">Does not tie out</Tag>}{' '}
        {page.signedOff ? (
          <span>
            Signed off by {page.signedOff.by} on {dateTime(page.signedOff.at)}
          </span>
        ) : (
          <span className="pack-sheet-muted">Not signed off</span>
        )}
      </p>
    </>
  );
}
