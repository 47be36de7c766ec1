import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Collapse, Typography } from 'antd';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '@finboard/shared/validation';
import { TextPage } from './text-page';

const { Paragraph } = Typography;

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What is Finboard?',
    answer: (
      <Paragraph>
        Finboard is a financial reporting platform. It loads your ledgers from CSV files or from your accounting system
        into your organization’s own warehouse, runs the pipelines that turn them into a standard financial model, and
        gives you dashboards, a Data Management Studio for corrections, a Dataset Refresh Log and Chat DB for
        plain-language questions.
      </Paragraph>
    ),
  },
  {
    question: 'Which data sources does Finboard support?',
    answer: (
      <Paragraph>
        Two kinds. You can upload flat files in CSV format, such as general ledger detail, budgets or trial balances
        exported from any system. And you can connect an accounting system directly: QuickBooks Online, Sage Intacct or
        NetSuite. Many organizations use both, for example a connected ledger plus a budget uploaded as CSV.
      </Paragraph>
    ),
  },
  {
    question: 'How do CSV uploads work, and are they secure?',
    answer: (
      <>
        <Paragraph>
          On the Upload page you choose the data type and period, select one or more CSV files and press Upload. Before
          a file leaves your computer, your browser encrypts it with a new key generated for that file; the file is sent
          encrypted and stored encrypted. There is no file size limit: large files are sent in parts, and each part is
          checked on arrival.
        </Paragraph>
        <Paragraph>
          Pipelines then load the file into your warehouse in a single transaction. If a load fails, your previous data
          stays exactly as it was, and the error is shown in the pipeline history.
        </Paragraph>
      </>
    ),
  },
  {
    question: 'Which accounting systems can I connect, and what do I need?',
    answer: (
      <>
        <Paragraph>Connections are made on the Apps page:</Paragraph>
        <ul>
          <li>
            <strong>QuickBooks Online</strong>: sign in with your Intuit account and approve Finboard’s access to your
            company.
          </li>
          <li>
            <strong>Sage Intacct</strong>: a Web Services sender ID and password, plus the user ID, password and company
            ID of a Web Services user. Your Intacct administrator must authorize the sender ID for your company.
          </li>
          <li>
            <strong>NetSuite</strong>: your account ID, the consumer key of an integration record, and the certificate
            ID and private key used for OAuth 2.0 machine-to-machine access.
          </li>
        </ul>
        <Paragraph>The credentials you enter are stored encrypted.</Paragraph>
      </>
    ),
  },
  {
    question: 'How often is my data refreshed?',
    answer: (
      <Paragraph>
        Your data changes only when new data is loaded: when a CSV file is uploaded and processed, when an accounting
        connection is synced, or when a pipeline runs. Dashboards built on Power BI datasets show new figures after
        their dataset is refreshed, which you can start for one dataset or for all of them. Every pipeline run and every
        refresh is recorded with its time, duration and result, so you always know how current your numbers are.
      </Paragraph>
    ),
  },
  {
    question: 'What does the Dataset Refresh Log show?',
    answer: (
      <Paragraph>
        Each dataset refresh with the report it belongs to, when it ran, how long it took and whether it succeeded. When
        a refresh fails, the error message is shown next to it so you can tell whether to retry or contact your
        administrator.
      </Paragraph>
    ),
  },
  {
    question: 'Who can see what?',
    answer: (
      <>
        <Paragraph>Finboard has two roles:</Paragraph>
        <ul>
          <li>
            <strong>Organization users</strong> see only their own organization: its dashboards, pipelines, uploads,
            tables, refresh log and Chat DB.
          </li>
          <li>
            <strong>Platform administrators</strong> onboard and manage organizations, add and manage users, manage
            accounting connections and run pipelines across organizations.
          </li>
        </ul>
        <Paragraph>
          These rules are enforced by the server on every request, not only by what the interface shows. Each
          organization’s data is kept in its own warehouse schema with its own database role.
        </Paragraph>
      </>
    ),
  },
  {
    question: 'How do I get an account?',
    answer: (
      <Paragraph>
        Accounts are created by your Finboard administrator, who adds you to your organization and gives you access to
        its dashboards and pipelines. If you do not know who your administrator is, or your organization is not using
        Finboard yet, <Link to="/#contact">contact us</Link>.
      </Paragraph>
    ),
  },
  {
    question: 'I forgot my password. How do I reset it?',
    answer: (
      <>
        <Paragraph>
          Go to the <Link to="/login">login page</Link>, choose Forgot password and enter your e-mail address. If an
          account exists for that address, you will receive an e-mail with a reset link. The link is valid for 30
          minutes and works only once; if it has expired, simply request a new one. For your privacy, the page shows the
          same message whether or not the address has an account.
        </Paragraph>
        <Paragraph>
          Your new password must be at least {PASSWORD_MIN_LENGTH} characters long and contain a lowercase letter, an
          uppercase letter, a digit and one of the special characters {PASSWORD_SPECIALS}. Your administrator can also
          reset your password; you will then receive a temporary password by e-mail and choose a new one when you next
          log in.
        </Paragraph>
      </>
    ),
  },
  {
    question: 'Do I need Power BI?',
    answer: (
      <Paragraph>
        No. Finboard includes its own dashboards. Power BI is optional: if your organization already maintains Power BI
        reports, Finboard can embed them. For that, the reports must be in a Power BI workspace on a capacity that
        supports embedding, and Finboard’s service principal must be given access to that workspace. People viewing the
        reports inside Finboard do not need to sign in to Power BI separately.
      </Paragraph>
    ),
  },
  {
    question: 'What can Chat DB answer?',
    answer: (
      <Paragraph>
        Chat DB answers questions about your own organization’s data, such as revenue by month, expenses by department,
        or budget against actual for a period. It can only read: every query it runs is checked with PostgreSQL’s own
        parser and must be a single read-only SELECT on your organization’s warehouse, so it cannot change data or see
        another organization’s. Answers are produced automatically, so check important figures against your reports
        before relying on them.
      </Paragraph>
    ),
  },
  {
    question: 'Can I correct data in Finboard?',
    answer: (
      <Paragraph>
        Yes, in the Data Management Studio you can add, edit and delete rows in your organization’s tables, such as a
        budget line or an account mapping. Every change is recorded in an audit trail with who made it, when, and the
        values before and after. Changes apply to Finboard’s copy of the data; they are not written back to your
        accounting system, so correct the source as well when the error came from there.
      </Paragraph>
    ),
  },
  {
    question: 'Can I export my data?',
    answer: (
      <Paragraph>
        Your data belongs to your organization. At any time during your subscription, and for 30 days after it ends, you
        can ask us for an export of your organization’s data, which we provide as CSV files or as a PostgreSQL dump. See
        the <Link to="/license-agreement">License Agreement</Link> for the details.
      </Paragraph>
    ),
  },
  {
    question: 'Where is my data stored, and how is it protected?',
    answer: (
      <Paragraph>
        Each organization’s data lives in its own warehouse schema on PostgreSQL, reached through its own database role,
        in the hosting region stated in your order form. Uploaded files are encrypted, accounting system credentials are
        encrypted with AES-256-GCM, passwords are hashed with argon2id, and sign-in is rate limited. The{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> describes the measures in full.
      </Paragraph>
    ),
  },
  {
    question: 'Can one Finboard account serve several entities or clients?',
    answer: (
      <Paragraph>
        Yes. Each entity or client is set up as its own organization, with its own warehouse, users, connections and
        dashboards. Groups with several entities and accounting firms serving many clients manage them all from one
        administration console, while each organization’s users see only their own data.
      </Paragraph>
    ),
  },
  {
    question: 'Does Finboard use cookies or tracking?',
    answer: (
      <Paragraph>
        Finboard uses no advertising or analytics cookies and loads no third-party trackers. When you log in, your
        session token is kept in your browser’s local storage so you stay signed in; it is removed when you log out or
        the session expires.
      </Paragraph>
    ),
  },
  {
    question: 'How do I get help?',
    answer: (
      <Paragraph>
        For questions about your account, access or dashboards, start with your organization’s administrator. For
        anything else, including a walkthrough for your team, send us a message through the{' '}
        <Link to="/#contact">contact form</Link> and we will reply by e-mail.
      </Paragraph>
    ),
  },
];

export default function FaqPage() {
  return (
    <TextPage
      title="Frequently asked questions"
      lead="Answers about data sources, uploads, access, passwords, dashboards and Chat DB. If your question is not here, send us a message."
    >
      <Collapse
        size="large"
        items={QUESTIONS.map(({ question, answer }, index) => ({
          key: String(index),
          label: question,
          children: answer,
        }))}
      />
    </TextPage>
  );
}
