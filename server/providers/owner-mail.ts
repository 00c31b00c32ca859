import type { SendMailOptions } from 'nodemailer';
import { ProviderError } from './provider-error';

export interface ContactNotice {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  message: string;
}

/** Tells the owner about a contact submission. */
export interface OwnerMail {
  notify(contact: ContactNotice): Promise<void>;
}

/** The part of a nodemailer transport we use (an SMTP one in production, a fake in tests). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>;
}

/**
 * Sends the notice to NOTIFY_EMAIL, from that same address so that the owner's own domain signs
 * it; Reply-To is the enquirer, so answering is one click.
 */
export function createOwnerMail({
  transport,
  to,
}: {
  transport: MailTransport;
  to: string;
}): OwnerMail {
  return {
    async notify(contact) {
      try {
        await transport.sendMail({
          from: to,
          to,
          replyTo: { name: contact.name, address: contact.email },
          subject: `New enquiry from ${contact.name}`,
          text: [
            `${contact.name} <${contact.email}> wrote, at ${contact.createdAt}:`,
            '',
            contact.message,
            '',
            `(contact submission ${contact.id})`,
          ].join('\n'),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // SMTP 5xx replies are permanent (bad recipient, rejected); anything else may pass later.
        throw new ProviderError(`SMTP failed${code ? ` with ${code}` : ''}`, {
          permanent: code !== undefined && code >= 500,
        });
      }
    },
  };
}
