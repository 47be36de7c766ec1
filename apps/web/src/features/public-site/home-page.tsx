import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Card, Col, Flex, Row, Typography } from 'antd';
import {
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  CheckCircleOutlined,
  BankOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HistoryOutlined,
  KeyOutlined,
  LockOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@finboard/shared/constants';
import { ButtonLink } from '../../components/button-link';
import { ContactUsForm } from './contact-us-form';

const { Title, Paragraph, Text } = Typography;

type IconComponent = ComponentType<{ 'aria-hidden'?: boolean; 'aria-label'?: string }>;

interface Item {
  icon: IconComponent;
  title: string;
  text: string;
}

const CAPABILITIES: Item[] = [
  {
    icon: CloudUploadOutlined,
    title: 'Upload flat files',
    text: 'Import general ledger detail, budgets and trial balances from CSV exports. Files are encrypted in your browser before they leave your computer, and each load runs in a single transaction.',
  },
  {
    icon: ApiOutlined,
    title: 'Connect your accounting system',
    text: 'Connect QuickBooks Online, Sage Intacct or NetSuite and sync accounts and journal detail through each system’s own API. The credentials you enter are stored encrypted.',
  },
  {
    icon: NodeIndexOutlined,
    title: 'Automated pipelines',
    text: 'Pipelines load every source into one financial model — periods, chart of accounts, GL detail, budget and trial balance — and build profit and loss, balance sheet, cash flow and budget-versus-actual views.',
  },
  {
    icon: DashboardOutlined,
    title: 'Dashboards, including Power BI',
    text: 'Use the built-in dashboards on your own data, or embed the Power BI reports your team already maintains. Each organization sees only the dashboards assigned to it, in the order it prefers.',
  },
  {
    icon: TableOutlined,
    title: 'Data Management Studio',
    text: 'Correct an account mapping, add a budget line or fix a period in a spreadsheet-like grid. Every edit is recorded with who made it, when, and the values before and after.',
  },
  {
    icon: HistoryOutlined,
    title: 'Dataset Refresh Log',
    text: 'Refresh one dataset or all of them, then follow each refresh: when it ran, how long it took and whether it succeeded, with the error message when it did not.',
  },
  {
    icon: MessageOutlined,
    title: 'Chat DB',
    text: 'Ask a question in plain English, such as “operating expenses by department last quarter”, and get the answer from your organization’s data. Chat DB only reads; it never changes anything.',
  },
  {
    icon: ApartmentOutlined,
    title: 'Built for many organizations',
    text: 'Platform administrators onboard organizations, provision each one’s storage and warehouse, manage users and connections, and run pipelines across all of them from one place.',
  },
];

const AUDIENCES: Item[] = [
  {
    icon: TeamOutlined,
    title: 'Finance teams',
    text: 'Stop rebuilding the same monthly pack by hand. Load the ledger once and let everyone report from the same numbers.',
  },
  {
    icon: SolutionOutlined,
    title: 'Controllers',
    text: 'Follow every load and refresh, correct data with a full audit trail, and know that the reports match the books.',
  },
  {
    icon: BankOutlined,
    title: 'CFOs of multi-entity groups',
    text: 'See each entity’s results in one consistent model, whichever accounting system it runs on, without waiting for a consolidation spreadsheet.',
  },
  {
    icon: UserSwitchOutlined,
    title: 'Accounting firms',
    text: 'Serve each client as its own organization, with isolated data, its own users and its own dashboards, all managed from one console.',
  },
];

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Bring in your data',
    text: 'Your administrator sets up your organization and adds your team. Upload CSV exports, or connect QuickBooks Online, Sage Intacct or NetSuite.',
  },
  {
    title: 'Let the pipelines load it',
    text: 'Pipelines check the data and load it into your organization’s own warehouse, in a standard model of periods, accounts, GL detail, budget and trial balance.',
  },
  {
    title: 'Report, correct and ask',
    text: 'Open your dashboards, refresh datasets, fix data in the Data Management Studio and ask Chat DB questions, all from the same trusted numbers.',
  },
];

const SAFEGUARDS: Item[] = [
  {
    icon: DatabaseOutlined,
    title: 'A warehouse of your own',
    text: 'Each organization’s data lives in its own warehouse schema, reached through its own database role. Finboard runs on PostgreSQL.',
  },
  {
    icon: SafetyCertificateOutlined,
    title: 'Role-based access',
    text: 'Organization users reach only their own organization’s data. The server checks every request; the interface merely reflects it.',
  },
  {
    icon: LockOutlined,
    title: 'Encrypted uploads and credentials',
    text: 'Files are encrypted in the browser with a key of their own and stay encrypted at rest. Accounting-system credentials are encrypted with AES-256-GCM.',
  },
  {
    icon: KeyOutlined,
    title: 'Careful sign-in',
    text: 'Passwords are hashed with argon2id. Logging out or changing your password ends the session on the server, and reset links work once, for 30 minutes.',
  },
  {
    icon: AuditOutlined,
    title: 'Audit trail of edits',
    text: 'Every change made in the Data Management Studio records who made it, when, and the values before and after.',
  },
  {
    icon: CheckCircleOutlined,
    title: 'Loads you can trust',
    text: 'Loads are transactional, so a failed pipeline leaves your previous data intact. Chat DB runs a query only after PostgreSQL’s own parser confirms it is a single read-only SELECT.',
  },
];

const sectionInner = { maxWidth: 1120, margin: '0 auto', padding: '72px 24px' } as const;

/** Icons here only decorate a heading; antd would otherwise label each one ("message", "team"…) for screen readers. */
function DecorativeIcon({ icon: Icon }: { icon: IconComponent }) {
  return <Icon aria-hidden aria-label={undefined} />;
}

function IconBadge({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 44,
        height: 44,
        borderRadius: 12,
        background: '#eff6ff',
        color: '#1d4ed8',
        fontSize: 22,
        marginBottom: 16,
      }}
    >
      {children}
    </span>
  );
}

function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div style={{ maxWidth: 720, marginBottom: 40 }}>
      <Title level={2} id={id} style={{ marginTop: 0 }}>
        {title}
      </Title>
      <Paragraph style={{ fontSize: 17, color: '#475569', marginBottom: 0 }}>{intro}</Paragraph>
    </div>
  );
}

/** A headed section of item cards, four to a row on wide screens. */
function CardGridSection(props: { id: string; title: string; intro: string; items: Item[]; background?: string }) {
  return (
    <section aria-labelledby={props.id} style={props.background ? { background: props.background } : undefined}>
      <div style={sectionInner}>
        <SectionHeading id={props.id} title={props.title} intro={props.intro} />
        <Row gutter={[24, 24]}>
          {props.items.map((item) => (
            <Col key={item.title} xs={24} sm={12} lg={6}>
              <ItemCard item={item} />
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}

function ItemCard({ item }: { item: Item }) {
  return (
    <Card variant="outlined" style={{ height: '100%' }}>
      <IconBadge>
        <DecorativeIcon icon={item.icon} />
      </IconBadge>
      <Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
        {item.title}
      </Title>
      <Paragraph style={{ color: '#475569', marginBottom: 0 }}>{item.text}</Paragraph>
    </Card>
  );
}

/** A decorative sketch of a reporting dashboard, drawn inline (the CSP allows no external images). */
function DashboardSketch() {
  return (
    <svg viewBox="0 0 480 320" width="100%" role="presentation" aria-hidden="true" style={{ maxWidth: 520 }}>
      <rect x="0" y="0" width="480" height="320" rx="16" fill="#fff" stroke="#dbeafe" />
      <rect x="0" y="0" width="480" height="40" rx="16" fill="#1d4ed8" />
      <rect x="0" y="24" width="480" height="16" fill="#1d4ed8" />
      <circle cx="24" cy="20" r="5" fill="#93c5fd" />
      <rect x="40" y="16" width="72" height="8" rx="4" fill="#bfdbfe" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${24 + i * 148} 60)`}>
          <rect width="136" height="64" rx="10" fill="#f8fafc" stroke="#e2e8f0" />
          <rect x="14" y="14" width="56" height="8" rx="4" fill="#cbd5e1" />
          <rect x="14" y="32" width={[88, 72, 96][i]} height="16" rx="5" fill={['#1d4ed8', '#0f766e', '#334155'][i]} />
        </g>
      ))}
      <rect x="24" y="140" width="280" height="160" rx="10" fill="#f8fafc" stroke="#e2e8f0" />
      {[58, 92, 74, 110, 96, 126, 118].map((height, i) => (
        <rect
          key={i}
          x={44 + i * 36}
          y={284 - height}
          width="22"
          height={height}
          rx="4"
          fill={i === 6 ? '#1d4ed8' : '#93c5fd'}
        />
      ))}
      <polyline
        points="55,210 91,196 127,204 163,176 199,182 235,160 271,150"
        fill="none"
        stroke="#0f766e"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="320" y="140" width="136" height="160" rx="10" fill="#f8fafc" stroke="#e2e8f0" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <g key={i} transform={`translate(334 ${160 + i * 23})`}>
          <rect width="52" height="8" rx="4" fill="#cbd5e1" />
          <rect x="72" width="36" height="8" rx="4" fill={i % 2 === 0 ? '#1d4ed8' : '#94a3b8'} />
        </g>
      ))}
    </svg>
  );
}

export default function HomePage() {
  const { hash } = useLocation();

  // Links such as /#contact from other pages land here after a client-side navigation, which does not scroll.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <section style={{ background: 'linear-gradient(180deg, #eff6ff 0%, #ffffff 100%)' }}>
        <div style={{ ...sectionInner, paddingTop: 88, paddingBottom: 88 }}>
          <Row gutter={[48, 40]} align="middle">
            <Col xs={24} lg={12}>
              <Title level={1} style={{ fontSize: 'clamp(2.5rem, 6vw, 3.75rem)', marginBottom: 8, color: '#0f172a' }}>
                {PRODUCT_NAME}
              </Title>
              <Paragraph style={{ fontSize: 'clamp(1.25rem, 2.5vw, 1.6rem)', fontWeight: 600, color: '#1d4ed8' }}>
                {PRODUCT_TAGLINE}
              </Paragraph>
              <Paragraph style={{ fontSize: 18, color: '#334155', maxWidth: 560 }}>
                Finboard brings your ledgers, your accounting systems and your dashboards together in one place, so
                every month’s reporting starts from one set of trusted numbers instead of a folder of spreadsheets.
              </Paragraph>
              <Flex gap={12} wrap style={{ marginTop: 32 }}>
                <ButtonLink to="/login" type="primary" size="large">
                  Log in
                </ButtonLink>
                <ButtonLink to="/#contact" size="large">
                  Contact us
                </ButtonLink>
                <ButtonLink to="/faq" size="large" type="text">
                  Read the FAQ
                </ButtonLink>
              </Flex>
            </Col>
            <Col xs={24} lg={12}>
              <Flex justify="center">
                <DashboardSketch />
              </Flex>
            </Col>
          </Row>
        </div>
      </section>

      <CardGridSection
        id="what-it-does"
        title="What Finboard does"
        intro="From the first CSV export to the board pack: load your data, keep it correct, and present it, without copying numbers between tools."
        items={CAPABILITIES}
      />

      <CardGridSection
        id="who-it-is-for"
        title="Who it is for"
        intro="Finboard is made for the people who own the numbers and for the people who ask about them."
        items={AUDIENCES}
        background="#f8fafc"
      />

      <section aria-labelledby="how-it-works">
        <div style={sectionInner}>
          <SectionHeading id="how-it-works" title="How it works" intro="Three steps, and the second one runs itself." />
          <Row gutter={[24, 24]} role="list">
            {STEPS.map((step, index) => (
              <Col key={step.title} xs={24} md={8} role="listitem">
                <Flex gap={16} align="flex-start">
                  <span
                    aria-hidden="true"
                    style={{
                      flex: 'none',
                      width: 40,
                      height: 40,
                      borderRadius: '50%',
                      background: '#1d4ed8',
                      color: '#fff',
                      fontWeight: 700,
                      fontSize: 18,
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    {index + 1}
                  </span>
                  <div>
                    <Title level={3} style={{ fontSize: 18, marginTop: 6 }}>
                      {step.title}
                    </Title>
                    <Paragraph style={{ color: '#475569' }}>{step.text}</Paragraph>
                  </div>
                </Flex>
              </Col>
            ))}
          </Row>
        </div>
      </section>

      <section aria-labelledby="security" style={{ background: '#0f172a' }}>
        <div style={sectionInner}>
          <div style={{ maxWidth: 720, marginBottom: 40 }}>
            <Title level={2} id="security" style={{ marginTop: 0, color: '#fff' }}>
              Security and isolation
            </Title>
            <Paragraph style={{ fontSize: 17, color: '#cbd5e1', marginBottom: 0 }}>
              Financial data deserves care. These are the safeguards built into Finboard; our{' '}
              <Link to="/privacy-policy" style={{ color: '#93c5fd' }}>
                Privacy Policy
              </Link>{' '}
              explains how we handle personal data.
            </Paragraph>
          </div>
          <Row gutter={[32, 32]}>
            {SAFEGUARDS.map((item) => (
              <Col key={item.title} xs={24} sm={12} lg={8}>
                <Flex gap={16} align="flex-start">
                  <span aria-hidden="true" style={{ color: '#93c5fd', fontSize: 24, lineHeight: 1 }}>
                    <DecorativeIcon icon={item.icon} />
                  </span>
                  <div>
                    <Title level={3} style={{ fontSize: 18, marginTop: 0, color: '#fff' }}>
                      {item.title}
                    </Title>
                    <Paragraph style={{ color: '#cbd5e1', marginBottom: 0 }}>{item.text}</Paragraph>
                  </div>
                </Flex>
              </Col>
            ))}
          </Row>
        </div>
      </section>

      <section aria-labelledby="contact">
        <div style={sectionInner}>
          <Row gutter={[48, 32]}>
            <Col xs={24} lg={9}>
              <Title level={2} id="contact" style={{ marginTop: 0 }}>
                Contact us
              </Title>
              <Paragraph style={{ fontSize: 17, color: '#475569' }}>
                Questions about Finboard, a walkthrough for your team, or onboarding your organization? Send us a
                message and a member of the Finboard team will reply by e-mail.
              </Paragraph>
              <Paragraph style={{ color: '#475569' }}>
                Already using Finboard? Your organization’s administrator can add users and reset passwords, and the{' '}
                <Link to="/faq">FAQ</Link> answers the most common questions.
              </Paragraph>
              <Text type="secondary">
                We use what you send only to answer you. See the <Link to="/privacy-policy">Privacy Policy</Link>.
              </Text>
            </Col>
            <Col xs={24} lg={15}>
              <Card variant="outlined">
                <ContactUsForm />
              </Card>
            </Col>
          </Row>
        </div>
      </section>
    </>
  );
}
