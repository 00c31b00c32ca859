import type { Mailbox } from '../env';
import { jobMessageId, type MailTransport, sendBySmtp } from './owner-mail';

/** A calendar invite as the email carries it (RFC 5546: a request, or a cancellation). */
export interface MailedInvite {
  method: 'REQUEST' | 'CANCEL';
  /** The iCalendar text. */
  ics: string;
}

/** One email to one attendee of the workshop. */
export interface AttendeeMessage {
  to: { name: string | null; address: string };
  subject: string;
  text: string;
  html: string;
  invite?: MailedInvite;
}

/** Emails the workshop's attendees (docs/decisions/032-workshop-delivered.md). */
export interface AttendeeMail {
  /** Who the emails are from (MAIL_FROM): the invites' organizer too. */
  from: Mailbox;
  /** One email; `messageId` is the outbox job's id, the same on every resend. */
  send(message: AttendeeMessage, messageId: string): Promise<void>;
}

/**
 * Sends through the same SMTP transport as the owner's mail (TLS always), from MAIL_FROM. An
 * invite goes twice, as nodemailer composes it: a text/calendar alternative with its method, which
 * Gmail and Outlook show as an invitation, and invite.ics attached for every other client.
 * nodemailer writes the headers: a line break in a name or subject cannot start a header of its
 * own (the test shows it).
 */
export function createAttendeeMail({
  transport,
  from,
}: {
  transport: MailTransport;
  from: Mailbox;
}): AttendeeMail {
  return {
    from,
    send: ({ to, subject, text, html, invite }, messageId) =>
      sendBySmtp(transport, {
        from: from.name ? { name: from.name, address: from.address } : from.address,
        to: to.name ? { name: to.name, address: to.address } : to.address,
        messageId: jobMessageId(messageId, from.address),
        subject,
        text,
        html,
        ...(invite
          ? { icalEvent: { method: invite.method, filename: 'invite.ics', content: invite.ics } }
          : {}),
      }),
  };
}
