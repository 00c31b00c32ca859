import {
  columnsOf,
  type FunnelColumn,
  figure,
  funnelColumns,
  number,
} from '../../contracts/funnel-figures';
import { countsContacts, type Funnel, type FunnelRow } from '../../server/features/funnel/store';
import { withoutControls } from './csv';
import { funnelNotes, funnelTitle } from './stats';

/**
 * `leads stats --format html`: the funnel as one self-contained page for people who would rather
 * look than read. Inline CSS and an SVG chart drawn here, no script and no web font, so it opens
 * from a file or an email attachment. Colours and type follow the site (src/styles/).
 * Every page path and source is visitor-controlled: everything printed goes through `html`.
 */

/** The site's tokens (src/styles/global.css); muted text on paper passes AA. */
const colour = {
  ink: '#111111',
  paper: '#f7f4ee',
  accent: '#c8f031',
  surface: '#ebe6da',
  muted: '#55534e',
  line: '#d9d3c5',
};

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (text: string | number): string =>
  withoutControls(String(text)).replace(/[&<>"']/g, (character) => escapes[character] ?? '');

/** A label that fits beside its bar. */
const short = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

const dimensionTitle = {
  page: 'Page',
  source: 'Source',
  day: 'Day',
  host: 'Site',
  variant: 'Experiment/variant',
} as const;

/** The table's column headings. */
const columnTitle: Record<FunnelColumn, string> = {
  views: 'Views',
  visitors: 'Visitors',
  signUps: 'Sign-ups',
  confirmed: 'Confirmed',
  contacts: 'Contacts',
  conversion: 'Conversion',
  checkouts: 'Checkouts',
  sales: 'Sales',
  revenue: 'Revenue',
  applications: 'Applications',
  offers: 'Offers',
  enrolments: 'Enrolments',
  cohortRevenue: 'Cohort revenue',
};
/** The totals above the table, where each figure stands alone and its name can be longer. */
const totalTitle: Record<FunnelColumn, string> = {
  ...columnTitle,
  contacts: 'Contact submissions',
  checkouts: 'Checkouts started',
};

export function funnelReport(funnel: Funnel, generatedAt: Date): string {
  const title = funnelTitle(funnel);
  const columns = columnsOf(countsContacts(funnel.by));
  const figures = (row: FunnelRow) =>
    columns.map((column) => `<td>${html(figure(row, column))}</td>`).join('');
  const row = (cells: FunnelRow) =>
    `<tr><th scope="row">${html(cells.key)}</th>${figures(cells)}</tr>`;
  const { total } = funnel;

  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;background:${colour.paper};color:${colour.ink};font:16px/1.5 Inter,"Helvetica Neue",Arial,system-ui,sans-serif}
main{max-width:960px;margin:0 auto;padding:48px 20px 64px}
h1{font-family:Anton,Impact,"Arial Narrow Bold",sans-serif;font-weight:400;text-transform:uppercase;font-size:clamp(2rem,1.4rem + 3vw,3.5rem);line-height:1.05;margin:0 0 8px;letter-spacing:.01em}
.kicker{margin:0 0 8px;color:${colour.muted};font-size:.8rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase}
.period{margin:0 0 32px;color:${colour.muted}}
.totals{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin:0 0 32px}
.totals div{background:${colour.surface};border-radius:12px;padding:16px}
.totals dt{font-size:.85rem;color:${colour.muted}}
.totals dd{margin:0;font-size:1.75rem;font-weight:700;font-variant-numeric:tabular-nums}
.totals .conversion{background:${colour.accent}}
.totals .conversion dt{color:${colour.ink}}
figure{margin:0 0 32px;background:#fff;border:1px solid ${colour.line};border-radius:12px;padding:16px}
figure svg{display:block;width:100%;height:auto}
figcaption{display:flex;gap:20px;flex-wrap:wrap;font-size:.9rem;margin-top:8px}
.swatch{display:inline-block;width:14px;height:14px;border:1px solid ${colour.ink};border-radius:3px;vertical-align:-2px;margin-right:6px}
.scroll{overflow-x:auto;margin:0 0 24px}
.scroll:focus-visible{outline:3px solid ${colour.ink};outline-offset:2px}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:700;margin-bottom:8px}
th,td{padding:8px 10px;border-bottom:1px solid ${colour.line};text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left;white-space:normal;overflow-wrap:anywhere;min-width:11em;font-weight:500}
thead th{font-size:.85rem;color:${colour.muted};border-bottom:2px solid ${colour.ink}}
tfoot th,tfoot td{font-weight:700;border-top:2px solid ${colour.ink};border-bottom:0}
.notes{color:${colour.muted};font-size:.9rem;padding-left:20px}
</style>
</head>
<body>
<main>
<p class="kicker">Funnel report</p>
<h1>From visit to sale</h1>
<p class="period">${html(title)}. Made ${html(generatedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC.</p>
<dl class="totals">
${funnelColumns
  .map(
    (column) =>
      `<div${column === 'conversion' ? ' class="conversion"' : ''}><dt>${html(totalTitle[column])}</dt><dd>${html(figure(total, column))}</dd></div>`,
  )
  .join('\n')}
</dl>
<figure>
${funnel.by === 'day' ? dayChart(funnel) : rankChart(funnel)}
<figcaption><span><span class="swatch" style="background:${colour.ink}"></span>Visitors</span><span><span class="swatch" style="background:${colour.accent}"></span>Sign-ups</span></figcaption>
</figure>
<div class="scroll" tabindex="0" role="region" aria-label="Funnel table">
<table>
<caption>${html(title)}</caption>
<thead><tr><th scope="col">${html(dimensionTitle[funnel.by])}</th>${columns.map((column) => `<th scope="col">${html(columnTitle[column])}</th>`).join('')}</tr></thead>
<tbody>
${funnel.rows.map(row).join('\n')}
</tbody>
<tfoot>${row({ ...total, key: 'Total' })}</tfoot>
</table>
</div>
<ul class="notes">
${funnelNotes(funnel)
  .map((note) => `<li>${html(note)}</li>`)
  .join('\n')}
</ul>
</main>
</body>
</html>
`;
}

/**
 * The charts have no viewBox: lengths across are percentages of the SVG's width and the rest
 * are pixels, so the bars fit any screen while the words stay 13 px, as readable on a phone as
 * on a desktop.
 */
function svgOpen(height: number, title: string, description: string): string {
  return `<svg width="100%" height="${height}" role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg" font-family="Inter, Helvetica Neue, Arial, sans-serif" font-size="13">
<title id="chart-title">${html(title)}</title>
<desc id="chart-desc">${html(description)}</desc>`;
}

/** Sign-up bars are the accent colour, too light on white alone: an ink outline keeps them 3:1. */
const signUpBar = `fill="${colour.accent}" stroke="${colour.ink}" stroke-width="1"`;
const pct = (value: number) => `${value.toFixed(2)}%`;

/** Visitors and sign-ups of the ten rows with the most visitors, as horizontal bars. */
function rankChart(funnel: Funnel): string {
  const shown = funnel.rows.slice(0, 10);
  const rowHeight = 54;
  const top = Math.max(1, ...shown.map((row) => Math.max(row.visitors, row.signUps)));
  // The longest bar leaves room for its figure.
  const width = (value: number) => (85 * value) / top;
  const leader = shown[0];
  const things = {
    page: 'pages',
    source: 'sources',
    host: 'sites',
    day: 'days',
    variant: 'variants',
  }[funnel.by];
  const description = leader
    ? `Visitors and sign-ups of the ${shown.length} ${things} with the most visitors (of ${funnel.rows.length}). Most visitors: ${leader.key}, ${leader.visitors}. Every figure is in the table below.`
    : 'No visits or sign-ups in this period.';
  const bars = shown.map((row, index) => {
    const y = index * rowHeight;
    return `<text x="0" y="${y + 14}" fill="${colour.ink}">${html(short(row.key, 40))}</text>
<rect x="0" y="${y + 20}" width="${pct(width(row.visitors))}" height="12" fill="${colour.ink}"/>
<text x="${pct(width(row.visitors))}" dx="6" y="${y + 31}" fill="${colour.muted}">${html(number(row.visitors))}</text>
<rect x="0.5" y="${y + 35.5}" width="${pct(width(row.signUps))}" height="11" ${signUpBar}/>
<text x="${pct(width(row.signUps))}" dx="6" y="${y + 46}" fill="${colour.muted}">${html(number(row.signUps))}</text>`;
  });
  return `${svgOpen(Math.max(rowHeight, shown.length * rowHeight), `Visitors and sign-ups by ${funnel.by}`, description)}
${bars.join('\n')}
</svg>`;
}

/** Visitors and sign-ups per day, as columns side by side, on a scale up to the busiest day. */
function dayChart(funnel: Funnel): string {
  const plot = { top: 28, bottom: 208 };
  const days = funnel.rows;
  const top = Math.max(1, ...days.map((row) => Math.max(row.visitors, row.signUps)));
  const slot = 100 / Math.max(1, days.length);
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / top;
  const busiest = days.reduce<FunnelRow | undefined>(
    (best, row) => (best && best.visitors >= row.visitors ? best : row),
    undefined,
  );
  const description = `Visitors and sign-ups on each of ${days.length} days. Most visitors: ${busiest?.visitors ?? 0}, on ${busiest?.key ?? 'no day'}. Every figure is in the table below.`;
  const columns = days.map((row, index) => {
    const x = index * slot + slot * 0.1;
    return `<rect x="${pct(x)}" y="${y(row.visitors).toFixed(1)}" width="${pct(slot * 0.4)}" height="${(plot.bottom - y(row.visitors)).toFixed(1)}" fill="${colour.ink}"/><rect x="${pct(x + slot * 0.4)}" y="${y(row.signUps).toFixed(1)}" width="${pct(slot * 0.4)}" height="${(plot.bottom - y(row.signUps)).toFixed(1)}" ${signUpBar}/>`;
  });
  // The first, middle and last day name the axis; more would crowd it on a phone.
  const labels = [
    { day: days[0], x: '0%', anchor: 'start' },
    { day: days[Math.floor((days.length - 1) / 2)], x: '50%', anchor: 'middle' },
    { day: days.at(-1), x: '100%', anchor: 'end' },
  ].filter(
    (label, index, all) => label.day && all.findIndex((other) => other.day === label.day) === index,
  );
  return `${svgOpen(plot.bottom + 28, `Visitors and sign-ups by day`, description)}
<text x="0" y="14" fill="${colour.muted}">Highest: ${html(number(top))}</text>
<line x1="0" y1="${plot.top}" x2="100%" y2="${plot.top}" stroke="${colour.line}"/>
<line x1="0" y1="${(plot.top + plot.bottom) / 2}" x2="100%" y2="${(plot.top + plot.bottom) / 2}" stroke="${colour.line}"/>
${columns.join('\n')}
<line x1="0" y1="${plot.bottom}" x2="100%" y2="${plot.bottom}" stroke="${colour.ink}"/>
${labels.map((label) => `<text x="${label.x}" y="${plot.bottom + 20}" text-anchor="${label.anchor}" fill="${colour.muted}">${html(label.day?.key ?? '')}</text>`).join('\n')}
</svg>`;
}
