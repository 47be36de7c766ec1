import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Typography } from 'antd';
import { TextPage, TextSection } from './text-page';

const { Paragraph, Text } = Typography;

function Clause({ n, children }: { n: string; children: ReactNode }) {
  return (
    <Paragraph>
      <Text strong>{n}</Text> {children}
    </Paragraph>
  );
}

const DEFINITIONS: { term: string; meaning: string }[] = [
  {
    term: 'Agreement',
    meaning: 'this Subscription License Agreement together with every Order Form that refers to it.',
  },
  {
    term: 'Authorized User',
    meaning:
      'an individual whom the Customer, or a platform administrator acting for the Customer, allows to use the Service under the Customer’s subscription: employees, contractors and, for accounting firms, the personnel of client organizations the Customer serves.',
  },
  {
    term: 'Customer',
    meaning: 'the legal entity named as the customer in an Order Form.',
  },
  {
    term: 'Customer Data',
    meaning:
      'all data that the Customer or its Authorized Users upload to the Service, synchronise into it from a Third-Party Service, or create in it, including financial records, edits, questions asked in Chat DB and dashboard configuration.',
  },
  {
    term: 'Documentation',
    meaning: 'the user guides, help pages and FAQ that Finboard makes available for the Service.',
  },
  {
    term: 'Finboard',
    meaning: 'the Finboard entity named as the provider in the Order Form (also “we” or “us”).',
  },
  {
    term: 'Fees',
    meaning: 'the amounts payable for the Service as stated in the Order Form.',
  },
  {
    term: 'Order Form',
    meaning:
      'an ordering document signed or accepted by both parties that sets out the subscription, its scope, the Subscription Term, the Fees, the hosting region and the governing law.',
  },
  {
    term: 'Service',
    meaning:
      'the Finboard financial reporting service made available over the internet, including flat-file upload, accounting system connections, pipelines, dashboards, the Data Management Studio, the Dataset Refresh Log and Chat DB, together with its Documentation and updates.',
  },
  {
    term: 'Subscription Term',
    meaning: 'the period stated in the Order Form, together with any renewal of it.',
  },
  {
    term: 'Third-Party Service',
    meaning:
      'a product or service that is not provided by Finboard and that the Customer chooses to use with the Service, such as QuickBooks Online, Sage Intacct, NetSuite or Microsoft Power BI.',
  },
];

export default function LicenseAgreementPage() {
  return (
    <TextPage
      title="License Agreement"
      meta="Effective date: 21 November 2026"
      lead="This Subscription License Agreement sets out the terms on which Finboard makes the Service available to its customers. By signing or accepting an Order Form that refers to it, the Customer agrees to these terms."
    >
      <TextSection title="1. Definitions">
        <Paragraph>In this Agreement, the following words have these meanings:</Paragraph>
        <ul>
          {DEFINITIONS.map(({ term, meaning }) => (
            <li key={term}>
              <Text strong>“{term}”</Text> means {meaning}
            </li>
          ))}
        </ul>
      </TextSection>

      <TextSection title="2. Order Forms">
        <Clause n="2.1">
          Each Order Form forms part of this Agreement. If an Order Form conflicts with these terms, the Order Form
          prevails for that subscription only, and only where it states expressly that it overrides a clause of this
          Agreement.
        </Clause>
        <Clause n="2.2">
          The Order Form states the organizations, users, features and any usage limits included in the subscription.
          The Customer may add to them at any time through a new Order Form.
        </Clause>
      </TextSection>

      <TextSection title="3. License grant">
        <Clause n="3.1">
          Subject to this Agreement and to payment of the Fees, Finboard grants the Customer a non-exclusive,
          non-transferable and non-sublicensable right, during the Subscription Term, for its Authorized Users to access
          and use the Service for the Customer’s internal business purposes and, where the Customer is an accounting or
          advisory firm, to provide reporting services to the client organizations named in the Order Form.
        </Clause>
        <Clause n="3.2">
          The Service is licensed as a subscription, not sold. No software is delivered for installation other than the
          web application that runs in the user’s browser while the Service is in use.
        </Clause>
        <Clause n="3.3">All rights not expressly granted in this Agreement are reserved by Finboard.</Clause>
      </TextSection>

      <TextSection title="4. Accounts and Authorized Users">
        <Clause n="4.1">
          Accounts are personal. The Customer shall ensure that each Authorized User keeps their sign-in details
          confidential, does not share an account, and uses the Service in accordance with this Agreement. The Customer
          is responsible for the acts and omissions of its Authorized Users.
        </Clause>
        <Clause n="4.2">
          The Customer shall tell Finboard without delay if it becomes aware of any unauthorized use of an account or of
          the Service.
        </Clause>
      </TextSection>

      <TextSection title="5. Restrictions">
        <Paragraph>The Customer shall not, and shall not allow anyone else to:</Paragraph>
        <ul>
          <li>
            sell, resell, rent, lease or otherwise make the Service available to anyone other than Authorized Users;
          </li>
          <li>
            copy, modify, translate or create derivative works of the Service, or decompile, disassemble or reverse
            engineer it, except to the extent the law expressly permits despite this restriction;
          </li>
          <li>
            attempt to access data of another organization, probe or circumvent the Service’s security or tenant
            isolation, or access the Service other than through the interfaces Finboard provides;
          </li>
          <li>
            use the Service to store or transmit unlawful material, malicious code, or data the Customer has no right to
            process;
          </li>
          <li>interfere with or place an unreasonable load on the Service or its infrastructure;</li>
          <li>use the Service to build a competing product or service, or copy its features or user interface.</li>
        </ul>
      </TextSection>

      <TextSection title="6. Customer Data">
        <Clause n="6.1">
          <Text strong>Ownership.</Text> As between the parties, the Customer owns all Customer Data. Nothing in this
          Agreement transfers any right in Customer Data to Finboard.
        </Clause>
        <Clause n="6.2">
          <Text strong>License to Finboard.</Text> The Customer grants Finboard a limited license to host, copy,
          transmit, process and display Customer Data only as needed to provide, secure and support the Service under
          this Agreement.
        </Clause>
        <Clause n="6.3">
          <Text strong>Personal data.</Text> Finboard processes personal data contained in Customer Data as a processor
          on the Customer’s behalf, in line with our <Link to="/privacy-policy">Privacy Policy</Link> and any data
          processing terms agreed between the parties.
        </Clause>
        <Clause n="6.4">
          <Text strong>Customer responsibilities.</Text> The Customer is responsible for the accuracy and legality of
          Customer Data, for having the rights and legal bases needed to provide it to the Service, and for the reports
          and decisions it derives from it.
        </Clause>
        <Clause n="6.5">
          <Text strong>Isolation and security.</Text> Finboard keeps each organization’s financial data in its own
          warehouse schema with its own database role, enforces role-based access on the server, encrypts uploaded files
          and accounting system credentials, hashes passwords with argon2id, and records an audit trail of edits made in
          the Data Management Studio. Finboard will not materially reduce these protections during the Subscription
          Term.
        </Clause>
        <Clause n="6.6">
          <Text strong>Export and deletion.</Text> During the Subscription Term and for 30 days after it ends, the
          Customer may ask Finboard for an export of its Customer Data, which Finboard will provide in a standard format
          such as CSV files or a PostgreSQL dump. After that period, Finboard deletes Customer Data from the live
          Service within 90 days and from backups as they expire, unless the law requires otherwise.
        </Clause>
      </TextSection>

      <TextSection title="7. Third-Party Services">
        <Clause n="7.1">
          The Customer may choose to connect Third-Party Services such as QuickBooks Online, Sage Intacct, NetSuite or
          Microsoft Power BI. Their use is governed by the Customer’s own agreement with their provider, and the
          Customer is responsible for holding any subscription or license they require.
        </Clause>
        <Clause n="7.2">
          By connecting a Third-Party Service, the Customer instructs Finboard to exchange Customer Data with it as
          needed for the connection to work. Finboard is not responsible for the availability, accuracy or changes of
          Third-Party Services, but will use reasonable efforts to adapt the Service when their interfaces change.
        </Clause>
      </TextSection>

      <TextSection title="8. Availability and support">
        <Clause n="8.1">
          Finboard will use commercially reasonable efforts to make the Service available 24 hours a day, 7 days a week,
          except for planned maintenance, which it will announce in advance where practicable and schedule to limit
          disruption, and for events beyond its reasonable control.
        </Clause>
        <Clause n="8.2">
          Any service levels, service credits and support hours that apply to the Customer are those stated in the Order
          Form. Support requests may be sent through the contact form or the channel named in the Order Form.
        </Clause>
        <Clause n="8.3">
          Finboard may improve and change the Service over time, provided that no change materially reduces its overall
          functionality or security during the Subscription Term.
        </Clause>
      </TextSection>

      <TextSection title="9. Fees and payment">
        <Clause n="9.1">
          The Customer shall pay the Fees stated in the Order Form. Unless the Order Form says otherwise, Fees are
          invoiced annually in advance and are due within 30 days of the invoice date.
        </Clause>
        <Clause n="9.2">
          Fees exclude taxes. The Customer shall pay all applicable sales, use, value added and similar taxes, other
          than taxes on Finboard’s income.
        </Clause>
        <Clause n="9.3">
          If an undisputed amount remains unpaid for more than 30 days after its due date, Finboard may, after giving at
          least 15 days’ written notice, suspend access to the Service until payment is made. Suspension does not delete
          Customer Data.
        </Clause>
        <Clause n="9.4">
          Finboard may change its Fees for a renewal term by giving written notice at least 60 days before the renewal.
        </Clause>
      </TextSection>

      <TextSection title="10. Confidentiality">
        <Clause n="10.1">
          “Confidential Information” means any information disclosed by one party to the other that is marked as
          confidential or that a reasonable person would understand to be confidential, including Customer Data, the
          terms of any Order Form and non-public information about the Service.
        </Clause>
        <Clause n="10.2">
          The receiving party shall use the disclosing party’s Confidential Information only to perform this Agreement,
          protect it with at least reasonable care, and disclose it only to its personnel, advisers and sub-processors
          who need to know it and are bound by obligations of confidentiality at least as protective.
        </Clause>
        <Clause n="10.3">
          These obligations do not apply to information that is or becomes public through no fault of the receiving
          party, was already lawfully known to it, is independently developed, or is lawfully received from a third
          party without restriction. A party may disclose Confidential Information where the law requires it, after
          giving the other party prompt notice where lawful.
        </Clause>
      </TextSection>

      <TextSection title="11. Intellectual property">
        <Clause n="11.1">
          Finboard and its licensors own all rights in the Service, including its software, design and Documentation.
          The Customer owns the Customer Data.
        </Clause>
        <Clause n="11.2">
          If the Customer gives suggestions or feedback about the Service, Finboard may use them freely without
          obligation, provided that it does not disclose the Customer’s Confidential Information.
        </Clause>
      </TextSection>

      <TextSection title="12. Term and termination">
        <Clause n="12.1">
          This Agreement starts on the effective date of the first Order Form and continues until every Subscription
          Term has ended. Each Subscription Term renews as stated in its Order Form.
        </Clause>
        <Clause n="12.2">
          Either party may terminate this Agreement or an Order Form by written notice if the other party materially
          breaches it and does not remedy the breach within 30 days of receiving notice describing it, or if the other
          party becomes insolvent, enters into liquidation or makes an arrangement with its creditors.
        </Clause>
        <Clause n="12.3">
          When this Agreement or an Order Form ends, the Customer’s right to use the Service under it ends, any Fees
          accrued up to that date become payable, and clause 6.6 applies to the export and deletion of Customer Data. If
          the Customer terminates for Finboard’s uncured material breach, Finboard will refund any prepaid Fees for the
          remainder of the Subscription Term.
        </Clause>
        <Clause n="12.4">Clauses 6, 10, 11, 12.3, 12.4, 14, 15, 16 and 17 survive the end of this Agreement.</Clause>
      </TextSection>

      <TextSection title="13. Warranties">
        <Clause n="13.1">
          Each party warrants that it has the authority to enter into this Agreement. Finboard warrants that the Service
          will perform materially as described in the Documentation and that it will provide the Service with reasonable
          skill and care.
        </Clause>
        <Clause n="13.2">
          If the Service does not conform to clause 13.1, the Customer shall tell Finboard, and Finboard will use
          reasonable efforts to correct the non-conformity. If it cannot do so within a reasonable time, either party
          may terminate the affected Order Form, and Finboard will refund the prepaid Fees for the remainder of its
          Subscription Term. This is the Customer’s sole remedy for a breach of clause 13.1.
        </Clause>
      </TextSection>

      <TextSection title="14. Disclaimers">
        <Clause n="14.1">
          Except as expressly stated in this Agreement, the Service is provided “as is” and “as available”, and Finboard
          disclaims all other warranties, whether express, implied or statutory, including warranties of
          merchantability, fitness for a particular purpose and non-infringement, to the extent the law permits.
        </Clause>
        <Clause n="14.2">
          The Service is a reporting tool. It does not provide accounting, tax, audit, legal or investment advice, and
          it does not replace the Customer’s own review of its financial statements. Answers produced by Chat DB are
          generated automatically from the Customer’s data and should be checked before they are relied on for important
          decisions.
        </Clause>
        <Clause n="14.3">
          Finboard does not warrant that the Service will be uninterrupted or error-free, or the accuracy of data
          received from Third-Party Services or supplied by the Customer.
        </Clause>
      </TextSection>

      <TextSection title="15. Limitation of liability">
        <Clause n="15.1">
          Neither party is liable to the other for any indirect, incidental, special or consequential loss, or for any
          loss of profits, revenue, goodwill or anticipated savings, however arising, even if it was advised that such
          loss was possible.
        </Clause>
        <Clause n="15.2">
          Each party’s total liability arising out of or in connection with this Agreement in any 12-month period is
          limited to the Fees paid and payable by the Customer under this Agreement in the 12 months before the event
          giving rise to the liability.
        </Clause>
        <Clause n="15.3">
          The limits in this clause do not apply to the Customer’s obligation to pay Fees, to a party’s breach of clause
          10 (Confidentiality), to a party’s indemnity obligations under clause 16, or to liability that cannot be
          limited or excluded by law, including liability for fraud, gross negligence or wilful misconduct.
        </Clause>
      </TextSection>

      <TextSection title="16. Indemnities">
        <Clause n="16.1">
          Finboard will defend the Customer against any third-party claim that the Service, used in accordance with this
          Agreement, infringes that third party’s intellectual property rights, and will pay any damages finally awarded
          or agreed in settlement. If such a claim is made or likely, Finboard may modify the Service so that it no
          longer infringes, obtain the right for the Customer to continue using it, or terminate the affected Order Form
          and refund the prepaid Fees for the remainder of its Subscription Term.
        </Clause>
        <Clause n="16.2">
          The Customer will defend Finboard against any third-party claim arising from Customer Data or from use of the
          Service in breach of clause 5, and will pay any damages finally awarded or agreed in settlement.
        </Clause>
        <Clause n="16.3">
          The indemnified party shall notify the other party promptly of the claim, give it sole control of the defence
          and settlement, and provide reasonable assistance at its expense.
        </Clause>
      </TextSection>

      <TextSection title="17. Governing law and disputes">
        <Clause n="17.1">
          This Agreement and any dispute arising out of or in connection with it are governed by the laws of the
          jurisdiction stated in the Customer’s order form, and the courts of that jurisdiction have exclusive
          jurisdiction.
        </Clause>
        <Clause n="17.2">
          Before starting proceedings, the parties shall try in good faith to resolve any dispute through their senior
          representatives for at least 30 days, unless urgent relief is needed.
        </Clause>
      </TextSection>

      <TextSection title="18. General">
        <Clause n="18.1">
          <Text strong>Assignment.</Text> Neither party may assign this Agreement without the other’s prior written
          consent, which shall not be unreasonably withheld, except to a successor in a merger, acquisition or sale of
          substantially all of its relevant business, with notice to the other party.
        </Clause>
        <Clause n="18.2">
          <Text strong>Force majeure.</Text> Neither party is liable for a delay or failure caused by events beyond its
          reasonable control, other than an obligation to pay money.
        </Clause>
        <Clause n="18.3">
          <Text strong>Notices.</Text> Notices under this Agreement must be in writing and sent to the addresses stated
          in the Order Form, or to another address a party notifies in writing.
        </Clause>
        <Clause n="18.4">
          <Text strong>Entire agreement.</Text> This Agreement is the entire agreement between the parties about its
          subject matter and replaces any earlier proposals or understandings. Terms on a Customer purchase order do not
          apply.
        </Clause>
        <Clause n="18.5">
          <Text strong>Changes.</Text> Finboard may update these terms by publishing a new version with a new effective
          date. A new version applies to the Customer from the start of its next renewal term, or earlier if the
          Customer agrees in writing.
        </Clause>
        <Clause n="18.6">
          <Text strong>Severability and waiver.</Text> If any provision is held unenforceable, the rest of this
          Agreement remains in force. A failure to enforce a right is not a waiver of it.
        </Clause>
        <Clause n="18.7">
          <Text strong>Relationship.</Text> The parties are independent contractors. This Agreement creates no
          partnership, agency or employment relationship and gives no rights to any third party.
        </Clause>
      </TextSection>

      <TextSection title="19. Contact">
        <Paragraph>
          Questions about this Agreement can be sent through the <Link to="/#contact">contact form</Link> or to the
          contact named in the Customer’s Order Form.
        </Paragraph>
      </TextSection>
    </TextPage>
  );
}
