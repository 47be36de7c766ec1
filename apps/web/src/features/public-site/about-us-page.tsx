import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import { ContactUsForm } from './contact-us-form';
import { TextPage, TextSection } from './text-page';

const { Paragraph, Text } = Typography;

const BELIEFS: { title: string; text: string }[] = [
  {
    title: 'One set of numbers.',
    text: 'A board pack, a budget review and a question asked in a hallway should all be answered from the same data. Every report in Finboard reads one model of periods, accounts, ledger detail, budget and trial balance.',
  },
  {
    title: 'The ledger stays the source of truth.',
    text: 'Finboard loads what your accounting system or your export says. When someone corrects a figure, the change is visible and recorded, not buried in a spreadsheet cell.',
  },
  {
    title: 'Month-end should be repeatable.',
    text: 'The work of collecting, cleaning and loading data is the same every month, so a pipeline should do it and a log should show that it did.',
  },
  {
    title: 'Everyone should be able to ask.',
    text: 'Not every question deserves a new report. Chat DB lets people ask their own organization’s data a question in plain language, and it can only read, never change.',
  },
  {
    title: 'Use what you already have.',
    text: 'Finance teams have accounting systems, CSV exports and, often, Power BI reports they trust. Finboard connects to them rather than asking you to start again.',
  },
];

const PRACTICES: { title: string; text: string }[] = [
  {
    title: 'Isolation between organizations.',
    text: 'Each organization’s financial data lives in its own warehouse schema, reached through its own database role. The server decides which organization a request may touch, and our automated tests check that a user of one organization cannot read another’s data.',
  },
  {
    title: 'Least privilege.',
    text: 'Organization users see only their own organization; platform administrators manage organizations, users and onboarding. These rules are enforced by the server on every request, not just by what the interface shows.',
  },
  {
    title: 'Encryption where it matters.',
    text: 'Files are encrypted in your browser before upload and stay encrypted at rest. Credentials for QuickBooks Online, Sage Intacct and NetSuite are encrypted with AES-256-GCM. Passwords are hashed with argon2id.',
  },
  {
    title: 'Changes you can trace.',
    text: 'Every edit in the Data Management Studio records who made it, when, and the values before and after. Pipeline runs and dataset refreshes are logged with their outcome.',
  },
  {
    title: 'Proven, open foundations.',
    text: 'Finboard runs on PostgreSQL and loads data in transactions, so a failed run leaves the previous data intact. The web application carries no advertising and loads no third-party trackers.',
  },
];

function StatementList({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.title} style={{ marginBottom: 8 }}>
          <Text strong>{item.title}</Text> {item.text}
        </li>
      ))}
    </ul>
  );
}

export default function AboutUsPage() {
  return (
    <TextPage
      title="About us"
      lead="Finboard is a financial reporting platform for finance teams and the organizations they serve. We build it so that the numbers people rely on are easy to load, easy to check and easy to share."
    >
      <TextSection title="Our mission">
        <Paragraph>
          Too much of a finance team’s month goes into moving data: exporting ledgers, pasting them into workbooks,
          reconciling versions and rebuilding the same charts. Our mission is to give that time back. Finboard brings
          flat files and accounting systems into one warehouse per organization, keeps the data correct with auditable
          edits and visible refreshes, and puts it in front of the people who need it, in dashboards and in
          plain-language answers.
        </Paragraph>
        <Paragraph>
          We call it <Text strong>Simplified Financial Reporting</Text>: not fewer numbers, but fewer steps between the
          ledger and the decision.
        </Paragraph>
      </TextSection>

      <TextSection title="What we believe about financial reporting">
        <StatementList items={BELIEFS} />
      </TextSection>

      <TextSection title="How we build Finboard">
        <Paragraph>
          Finboard holds some of the most sensitive data a company has, often for many organizations at once. That
          shapes how we build it.
        </Paragraph>
        <StatementList items={PRACTICES} />
        <Paragraph>
          Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle personal data, and the{' '}
          <Link to="/license-agreement">License Agreement</Link> sets out the terms of a subscription.
        </Paragraph>
      </TextSection>

      <TextSection title="Who we work with">
        <Paragraph>
          Finance teams and controllers who want a dependable monthly close, CFOs of groups with several entities on
          different accounting systems, and accounting firms that report for many client organizations. If that sounds
          like you, we would like to hear about your reporting today. The <Link to="/faq">FAQ</Link> answers the most
          common questions.
        </Paragraph>
      </TextSection>

      <TextSection title="Contact us" id="contact">
        <Paragraph>
          Tell us what you would like to know, and a member of the Finboard team will reply by e-mail.
        </Paragraph>
        <Card variant="outlined">
          <ContactUsForm />
        </Card>
      </TextSection>
    </TextPage>
  );
}
