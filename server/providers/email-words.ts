import { escapeMarkup } from '../../contracts/escape-markup';
import { fillTemplate } from '../../contracts/template';

/**
 * The emails whose words are the content's (the workshop's attendees', the cohort's applicants'):
 * the words filled for the person and the moment, and the same words as simple HTML beside the
 * plain text, the links in them made links. One rendering, so the emails of every feature escape
 * and link alike.
 */

/** The placeholders' values; null where there is none (a link not yet entered, no offer). */
export type EmailValues = Readonly<Record<string, string | null>>;

/**
 * The words filled in. A line that names a value there is none of ("Join here: {joiningLink}"
 * before the owner has entered the link) is left out rather than sent half empty; a placeholder
 * with no value at all (a typo) is left as written, so it shows.
 */
export function fillWords(template: string, values: EmailValues): string {
  const missing = (line: string) =>
    [...line.matchAll(/\{(\w+)\}/g)].some(
      ([, name]) => name !== undefined && Object.hasOwn(values, name) && values[name] === null,
    );
  const kept = template
    .split('\n')
    .filter((line) => !missing(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const known = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return fillTemplate(kept, known);
}

/** A link of its own under the words (the workshop's "Add to Google Calendar"). */
export interface EmailButton {
  label: string;
  href: string;
}

/**
 * The filled words as simple HTML: a paragraph each, every one of `links` in them made a link,
 * everything else escaped (a name may hold markup), then `button` when given.
 */
export function emailHtml(
  text: string,
  links: readonly string[],
  button: EmailButton | null = null,
): string {
  const linked = (escaped: string) =>
    // An empty link would match between every two characters.
    links
      .filter((link) => link !== '')
      .reduce((html, link) => {
        const shown = escapeMarkup(link);
        return html.replaceAll(shown, `<a href="${shown}">${shown}</a>`);
      }, escaped);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linked(escapeMarkup(paragraph)).replaceAll('\n', '<br>\n')}</p>`);
  if (button) {
    paragraphs.push(
      `<p><a href="${escapeMarkup(button.href)}">${escapeMarkup(button.label)}</a></p>`,
    );
  }
  return `<!doctype html>\n<html><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
}

/**
 * A moment as an email promises it, in UK time: "Monday 14 December, 6:00pm" (London's clock,
 * BST or GMT as the date has it). Without the year: what an email gives a time until is days away.
 */
export function ukDayAndTime(at: string | number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      // Not `hour12`, which en-GB reads as 0 to 11: "0:30pm" for half past noon.
      hourCycle: 'h12',
    })
      .formatToParts(typeof at === 'number' ? at : Date.parse(at))
      .map((part) => [part.type, part.value]),
  );
  const period = (parts.dayPeriod ?? '').toLowerCase().replaceAll('.', '');
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}${period}`;
}
