import { Link } from 'react-router';
import { Typography } from 'antd';
import { TextPage, TextSection } from './text-page';

const { Paragraph, Text } = Typography;

export default function PrivacyPolicyPage() {
  return (
    <TextPage
      title="Privacy Policy"
      meta="Effective date: 21 November 2026"
      lead="This policy explains what personal data Finboard processes, why, for how long, who helps us process it, and the rights you have. It is written for the people who use Finboard and for the organizations that subscribe to it."
    >
      <TextSection title="1. Who we are and our role">
        <Paragraph>
          Finboard (“Finboard”, “we”, “us”) provides the Finboard financial reporting service (the “Service”) to
          business customers (“client organizations”). The Finboard entity that contracts with your organization is
          named in your organization’s order form.
        </Paragraph>
        <Paragraph>We act in two different roles:</Paragraph>
        <ul>
          <li>
            <Text strong>As a processor (service provider)</Text> for the financial data and other content that client
            organizations upload to, or connect with, the Service. The client organization is the controller of that
            data and decides why and how it is processed; we process it only on its documented instructions, as set out
            in our agreement with it.
          </li>
          <li>
            <Text strong>As a controller</Text> for the account data we need to run the Service, for messages sent
            through our contact form, and for the logs we keep to secure and operate the Service.
          </li>
        </ul>
      </TextSection>

      <TextSection title="2. Personal data we process">
        <Paragraph>
          <Text strong>Account data.</Text> For each user: first and last name, e-mail address, phone number, role
          (platform administrator or organization user), the organization the user belongs to, and the dashboards and
          pipelines assigned to the user. We store a password only as an argon2id hash, never in readable form. We also
          keep session records (when a session started and when it ends) and single-use password reset tokens, which are
          stored hashed.
        </Paragraph>
        <Paragraph>
          <Text strong>Organization data.</Text> For each client organization: its name, contact e-mail and phone
          number, address, description, logo and, if it uses Power BI dashboards, the e-mail address of its Power BI
          account.
        </Paragraph>
        <Paragraph>
          <Text strong>Customer financial data.</Text> The ledgers, budgets, trial balances and other files a client
          organization uploads, and the data synchronised from the accounting systems it connects (QuickBooks Online,
          Sage Intacct or NetSuite). Financial records can contain personal data, such as the names of employees,
          customers or suppliers in journal lines. This category also covers the questions users ask in Chat DB and
          their answers, and the audit trail of edits made in the Data Management Studio. We process this data as a
          processor on behalf of the client organization.
        </Paragraph>
        <Paragraph>
          <Text strong>Contact form submissions.</Text> Your name, e-mail address, company (if you give it), the subject
          and message you write, and the IP address the message was sent from.
        </Paragraph>
        <Paragraph>
          <Text strong>Logs and technical data.</Text> When you use the Service, our servers record technical
          information such as your IP address, the time of the request, the address requested, the response status and a
          request identifier, together with records of pipeline runs, dataset refreshes and account syncs.
        </Paragraph>
      </TextSection>

      <TextSection title="3. Why we process it and our legal bases">
        <Paragraph>
          Where the EU or UK General Data Protection Regulation applies, we rely on the following legal bases:
        </Paragraph>
        <ul>
          <li>
            <Text strong>Providing the Service</Text> (creating accounts, signing users in, keeping sessions, loading
            and displaying data, sending password reset e-mails): performance of our contract with the client
            organization, and our legitimate interest in providing the Service to the people it authorizes.
          </li>
          <li>
            <Text strong>Processing customer financial data</Text>: on the client organization’s instructions. The
            client organization, as controller, is responsible for having a legal basis for that data.
          </li>
          <li>
            <Text strong>Security and abuse prevention</Text> (logs, rate limits on sign-in, password reset and the
            contact form, investigating incidents): our legitimate interest, and that of our customers, in keeping the
            Service and its data secure.
          </li>
          <li>
            <Text strong>Answering contact form messages</Text>: our legitimate interest in responding to enquiries, or
            steps taken at your request before entering into a contract.
          </li>
          <li>
            <Text strong>Billing, accounting and legal requirements</Text>: performance of contract and compliance with
            legal obligations.
          </li>
        </ul>
        <Paragraph>
          We do not sell personal data, we do not use it for advertising, and we do not use customer financial data for
          any purpose other than providing the Service to the client organization it belongs to.
        </Paragraph>
      </TextSection>

      <TextSection title="4. How long we keep it">
        <ul>
          <li>
            <Text strong>Account data</Text> is kept while the user account exists. When an account is removed, or a
            subscription ends, we delete or anonymize it within 90 days, unless the law requires us to keep part of it
            longer.
          </li>
          <li>
            <Text strong>Customer financial data</Text> is kept for the duration of the client organization’s
            subscription. When the subscription ends, the client organization may export its data for 30 days; we then
            delete it from the live Service within a further 90 days, and from backups as they expire.
          </li>
          <li>
            <Text strong>Password reset links</Text> expire after 30 minutes and can be used once.{' '}
            <Text strong>Sessions</Text> end when the user logs out, changes password, or the session expires.
          </li>
          <li>
            <Text strong>Contact form submissions</Text> are kept for up to 24 months after our last exchange with you,
            unless they become part of a customer relationship.
          </li>
          <li>
            <Text strong>Logs</Text> are kept for up to 90 days, or longer when they are needed to investigate a
            specific security incident.
          </li>
        </ul>
      </TextSection>

      <TextSection title="5. Sub-processors and other recipients">
        <Paragraph>We use the following categories of sub-processors to provide the Service:</Paragraph>
        <ul>
          <li>
            <Text strong>Cloud hosting and storage</Text>: the infrastructure on which the Service, its PostgreSQL
            databases and encrypted files run.
          </li>
          <li>
            <Text strong>E-mail delivery</Text>: to send password reset e-mails, temporary passwords issued by an
            administrator, notifications of contact form messages to our team, and our replies.
          </li>
          <li>
            <Text strong>Microsoft Power BI</Text>, only when a client organization enables Power BI dashboards:
            Finboard requests embedding access from Microsoft for the reports assigned to the organization, and the
            reports and their datasets are processed by Microsoft.
          </li>
          <li>
            <Text strong>Accounting system APIs the client organization connects</Text> (Intuit QuickBooks Online, Sage
            Intacct or Oracle NetSuite): we exchange data with these services only when the organization connects them,
            and only to synchronise its own data. Their use is also governed by the organization’s own agreement with
            that provider.
          </li>
        </ul>
        <Paragraph>
          Client organizations can ask us for the current list of sub-processors, and we inform them before adding or
          replacing one. Beyond sub-processors, we disclose personal data only to professional advisers under a duty of
          confidentiality, where the law requires it, or to a successor in a merger or acquisition that continues this
          policy.
        </Paragraph>
      </TextSection>

      <TextSection title="6. How we protect data">
        <ul>
          <li>
            Each client organization’s financial data is kept in its own warehouse schema, with its own database role.
          </li>
          <li>
            Access is role-based and enforced by the server on every request: organization users can reach only their
            own organization’s data.
          </li>
          <li>
            Files are encrypted in the browser before upload and stored encrypted. Credentials for connected accounting
            systems are encrypted with AES-256-GCM.
          </li>
          <li>Passwords are hashed with argon2id; sign-in and password reset are rate limited.</li>
          <li>Sessions can be revoked: logging out or changing a password ends the session on the server.</li>
          <li>
            Edits made in the Data Management Studio are recorded in an audit trail showing who changed what, and when.
          </li>
          <li>Data travels over encrypted connections (HTTPS).</li>
        </ul>
        <Paragraph>
          No system is perfectly secure. If we become aware of a personal data breach affecting a client organization’s
          data, we will notify that organization without undue delay.
        </Paragraph>
      </TextSection>

      <TextSection title="7. International transfers">
        <Paragraph>
          The hosting region of the Service is stated in the client organization’s order form. Where personal data from
          the European Economic Area, the United Kingdom or Switzerland is transferred to a country that does not
          provide an adequate level of protection, we rely on the European Commission’s Standard Contractual Clauses
          (with the UK Addendum where relevant) or another lawful transfer mechanism, together with the security
          measures described above.
        </Paragraph>
      </TextSection>

      <TextSection title="8. Your rights">
        <Paragraph>
          Depending on where you live, you may have the right to access your personal data, to correct it, to have it
          erased, to restrict or object to its processing, to receive it in a portable format, and to withdraw any
          consent you have given. You also have the right to lodge a complaint with your data protection supervisory
          authority.
        </Paragraph>
        <Paragraph>
          If your request concerns data that your organization controls, such as its financial data or your user
          account, please contact your organization’s administrator first; we will help them respond. For anything else,
          contact us as described below. We answer requests within one month, and may need to confirm your identity
          first.
        </Paragraph>
      </TextSection>

      <TextSection title="9. Cookies and local storage">
        <Paragraph>
          Finboard does not use advertising cookies or analytics cookies, and it does not load third-party trackers.
        </Paragraph>
        <Paragraph>
          When you log in, we keep your session token, the time it was created and its lifetime in your browser’s local
          storage, so that you stay signed in while you move between pages. This is strictly necessary for the Service
          you asked to use, and it is removed when you log out or your session expires.
        </Paragraph>
        <Paragraph>
          If your organization uses Power BI dashboards, the embedded reports are delivered by Microsoft, which may set
          its own cookies under its own privacy statement.
        </Paragraph>
      </TextSection>

      <TextSection title="10. Children">
        <Paragraph>
          Finboard is a service for businesses. It is not directed at children, and we do not knowingly collect personal
          data from them.
        </Paragraph>
      </TextSection>

      <TextSection title="11. Changes to this policy">
        <Paragraph>
          We may update this policy when the Service or the law changes. We will publish the new version on this page
          with a new effective date and, for significant changes, inform client organizations in advance.
        </Paragraph>
      </TextSection>

      <TextSection title="12. Contact">
        <Paragraph>
          For questions about this policy or to exercise your rights, send us a message through the{' '}
          <Link to="/#contact">contact form</Link>, with “Privacy” in the subject, or use the contact details in your
          organization’s order form.
        </Paragraph>
      </TextSection>
    </TextPage>
  );
}
