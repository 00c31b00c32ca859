import { rootCertificates } from 'node:tls';
import type { SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { formatMinorUnits } from '../../contracts/money';
import { ProviderError } from './provider-error';

export interface ContactNotice {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  message: string;
  /** Host and path of the page the form was on; null when it was not recorded. */
  page: string | null;
  /** The post carried a solved proof of work; one without is listed, marked, in a digest. */
  verified: boolean;
}

/** A workshop sale, when first paid (decision 020). */
export interface SaleNotice {
  /** The Checkout Session's id. */
  id: string;
  createdAt: string;
  /** In the currency's smallest unit. */
  amount: number;
  currency: string;
  product: string | null;
  source: string | null;
  /** Host and path of the page the checkout link was clicked on. */
  page: string | null;
  email: string | null;
  /** False for a payment in Stripe's test mode. */
  livemode: boolean;
}

/** Tells the owner about contact submissions. */
export interface OwnerMail {
  /** One enquiry, as it arrives. `messageId` is the outbox job's id, the same on every resend. */
  notify(contact: ContactNotice, messageId: string): Promise<void>;
  /** Several at once: the hour's unverified enquiries and those past the hourly ceiling. */
  digest(contacts: readonly ContactNotice[], messageId: string): Promise<void>;
  /** A report to the owners (the weekly funnel), as plain text. */
  report(report: { subject: string; text: string }, messageId: string): Promise<void>;
  /** A workshop sale (OWNER_SALE_EMAIL=off turns these off). */
  sale(sale: SaleNotice, messageId: string): Promise<void>;
}

/** The part of a nodemailer transport we use (an SMTP one in production, a fake in tests). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>;
}

/** Seconds an SMTP exchange may take at most, well inside the outbox job's lease. */
export const smtpTimeoutsMs = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/**
 * Transport options from SMTP_URL, TLS always: smtps:// is TLS from the first byte, smtp:// must
 * upgrade with STARTTLS or the message is not sent (never opportunistic, where a network
 * attacker who strips the STARTTLS offer reads the enquiry and the password). Certificates are
 * checked. The URL's query string is ignored, so no `?ignoreTLS=true` can turn this off.
 * `ca`: one more authority (SMTP_CA_FILE's PEM) beside the public ones, for a private relay; it
 * adds trust, and takes none of the checking away.
 */
export function smtpOptions(smtpUrl: string, ca?: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const implicitTls = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : implicitTls ? 465 : 587,
    secure: implicitTls,
    requireTLS: true,
    ignoreTLS: false,
    tls: {
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
      // Node trusts only the list it is given: the public authorities stay on it.
      ...(ca ? { ca: [...rootCertificates, ca] } : {}),
    },
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: smtpTimeoutsMs.connection,
    greetingTimeout: smtpTimeoutsMs.greeting,
    socketTimeout: smtpTimeoutsMs.socket,
  };
}

/**
 * Sends the notice to NOTIFY_EMAIL, from that same address so that the owner's own domain signs
 * it; Reply-To is the enquirer, so answering is one click. The Message-ID is the outbox job's
 * id, so a resend after a lost acknowledgement is recognisably the same message.
 */
export function createOwnerMail({
  transport,
  to,
}: {
  transport: MailTransport;
  to: string;
}): OwnerMail {
  const send = (mail: SendMailOptions, messageId: string) =>
    sendBySmtp(transport, { from: to, to, messageId: jobMessageId(messageId, to), ...mail });

  return {
    notify: (contact, messageId) =>
      send(
        {
          replyTo: { name: contact.name, address: contact.email },
          subject: `New enquiry from ${contact.name}`,
          text: noticeText(contact),
        },
        messageId,
      ),
    digest: (contacts, messageId) => {
      const unverified = contacts.filter((contact) => !contact.verified).length;
      return send(
        {
          subject: `${contacts.length} new ${contacts.length === 1 ? 'enquiry' : 'enquiries'}${unverified ? ` (${unverified} unverified)` : ''}`,
          text: [
            'Enquiries of the past hour that did not come one email each: past the hourly',
            'limit, or sent without the browser check (JavaScript off, or a bot).',
            '',
            ...contacts.map((contact) => `${noticeText(contact)}\n\n----\n`),
          ].join('\n'),
        },
        messageId,
      );
    },
    report: ({ subject, text }, messageId) => send({ subject, text }, messageId),
    sale: (sale, messageId) =>
      send(
        {
          ...(sale.email ? { replyTo: sale.email } : {}),
          subject: `${sale.livemode ? '' : '[Stripe test mode] '}New sale: ${formatMinorUnits(sale.amount, sale.currency)}`,
          text: saleText(sale),
        },
        messageId,
      ),
  };
}

/**
 * Sends one message; a failure is a ProviderError: SMTP 5xx replies are permanent (bad
 * recipient, rejected), anything else may pass later. Its words stay out: they may quote an
 * address.
 */
export async function sendBySmtp(transport: MailTransport, mail: SendMailOptions): Promise<void> {
  try {
    await transport.sendMail(mail);
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    throw new ProviderError(`SMTP failed${code ? ` with ${code}` : ''}`, {
      permanent: code !== undefined && code >= 500,
    });
  }
}

/**
 * The Message-ID of an outbox job's email, on the sender's domain: the same on every resend, so
 * a resend after a lost acknowledgement is recognisably the same message. A job id may hold
 * characters a Message-ID may not (a colon): each becomes a hyphen.
 */
export function jobMessageId(jobId: string, from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1);
  return `<${jobId.replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, '-')}@${domain}>`;
}

function saleText(sale: SaleNotice): string {
  return [
    `${formatMinorUnits(sale.amount, sale.currency)} paid at ${sale.createdAt}${sale.livemode ? '' : ' (Stripe test mode: no money moved)'}.`,
    '',
    `Buyer: ${sale.email ?? '(no email given)'}`,
    `Product: ${sale.product ?? '(not recorded)'}`,
    `Source: ${sale.source ?? '(not recorded)'}`,
    `Page: ${sale.page ?? '(not recorded)'}`,
    '',
    `(Stripe Checkout Session ${sale.id})`,
  ].join('\n');
}

function noticeText(contact: ContactNotice): string {
  return [
    `${contact.name} <${contact.email}> wrote, at ${contact.createdAt}${contact.verified ? '' : ' (unverified: no browser check)'}:`,
    '',
    contact.message,
    '',
    ...(contact.page ? [`Page: ${contact.page}`] : []),
    `(contact submission ${contact.id})`,
  ].join('\n');
}
