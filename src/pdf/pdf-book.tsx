import { Document, Font, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { SiteContent } from '../content/page-props';
import { fontFiles } from '../styles/font-files';
import { themeColors } from '../styles/theme-colors';

/**
 * One short publication laid out for A5 reading (D9, D10): a cover on the accent, the contents,
 * one page per item with its number, text and action, and a closing page with real links. The
 * site's faces are embedded (Anton for headings, Inter for text), so the text can be selected
 * and searched. Rendered at build only (scripts/build.ts), never in the browser.
 */
Font.register({ family: 'Anton', src: fontFiles.anton });
Font.register({
  family: 'Inter',
  fonts: [
    { src: fontFiles.inter[400], fontWeight: 400 },
    { src: fontFiles.inter[700], fontWeight: 700 },
  ],
});
// Words are not split mid-word: the layout breaks lines at spaces only.
Font.registerHyphenationCallback((word) => [word]);

const { ink, paper, accent, muted } = themeColors.main;

const styles = StyleSheet.create({
  page: {
    backgroundColor: paper,
    color: ink,
    fontFamily: 'Inter',
    fontSize: 11,
    lineHeight: 1.5,
    padding: 48,
    paddingBottom: 64,
  },
  cover: { backgroundColor: accent, padding: 48, justifyContent: 'space-between' },
  coverKicker: { fontSize: 10, fontWeight: 700, letterSpacing: 2, textTransform: 'uppercase' },
  coverTitle: {
    fontFamily: 'Anton',
    fontSize: 64,
    lineHeight: 1,
    textTransform: 'uppercase',
    marginTop: 24,
  },
  coverSubtitle: { fontSize: 14, marginTop: 28, maxWidth: 320 },
  coverAuthor: {
    fontFamily: 'Anton',
    fontSize: 20,
    textTransform: 'uppercase',
    backgroundColor: ink,
    color: accent,
    padding: 12,
    alignSelf: 'flex-start',
  },
  heading: {
    fontFamily: 'Anton',
    fontSize: 30,
    lineHeight: 1.05,
    textTransform: 'uppercase',
    marginBottom: 16,
  },
  intro: { fontSize: 11, marginBottom: 14 },
  contentsRow: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: '#d9d3c5',
    paddingVertical: 6,
  },
  contentsNumber: { fontFamily: 'Anton', width: 36, color: muted },
  number: {
    fontFamily: 'Anton',
    fontSize: 72,
    lineHeight: 1,
    color: ink,
    backgroundColor: accent,
    alignSelf: 'flex-start',
    paddingHorizontal: 10,
    paddingTop: 4,
  },
  itemKicker: {
    fontSize: 9,
    fontWeight: 700,
    letterSpacing: 2,
    textTransform: 'uppercase',
    color: muted,
    marginTop: 24,
  },
  itemTitle: {
    fontFamily: 'Anton',
    fontSize: 28,
    lineHeight: 1.05,
    textTransform: 'uppercase',
    marginTop: 6,
    marginBottom: 14,
  },
  action: { marginTop: 24, padding: 16, backgroundColor: ink, color: paper },
  actionLabel: {
    fontSize: 9,
    fontWeight: 700,
    letterSpacing: 2,
    textTransform: 'uppercase',
    color: accent,
    marginBottom: 6,
  },
  link: { color: ink, fontWeight: 700, fontSize: 13, marginBottom: 10 },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 48,
    right: 48,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: muted,
  },
});

/** Every page is one page long, so its number is known while laying it out. */
function Footer({ author, title, page }: { author: string; title: string; page: number }) {
  return (
    <View style={styles.footer}>
      <Text>{`${title} · ${author}`}</Text>
      <Text>{String(page)}</Text>
    </View>
  );
}

const pad = (index: number) => String(index + 1).padStart(2, '0');

/** One PDF's words, as content/downloads.yaml gives them with their facts filled in. */
export type PdfBook = SiteContent['downloads']['handbook'];

export function PdfBookDocument({
  book,
  author,
  links,
}: {
  book: PdfBook;
  author: string;
  links: ReadonlyArray<{ label: string; href: string }>;
}) {
  return (
    <Document
      title={book.fileTitle}
      author={author}
      subject={book.subtitle}
      language="en-GB"
      creator={author}
      producer={author}
    >
      <Page size="A5" style={[styles.page, styles.cover]}>
        <View>
          <Text style={styles.coverKicker}>{book.kicker}</Text>
          <Text style={styles.coverTitle}>{book.title}</Text>
          <Text style={styles.coverSubtitle}>{book.subtitle}</Text>
        </View>
        <Text style={styles.coverAuthor}>{author}</Text>
      </Page>
      <Page size="A5" style={styles.page} wrap={false}>
        <Footer author={author} title={book.title} page={2} />
        <Text style={styles.heading}>{book.contentsLabel}</Text>
        <Text style={styles.intro}>{book.intro}</Text>
        {book.items.map((item, index) => (
          <View key={item.title} style={styles.contentsRow}>
            <Text style={styles.contentsNumber}>{pad(index)}</Text>
            <Text>{item.title}</Text>
          </View>
        ))}
      </Page>
      {book.items.map((item, index) => (
        <Page key={item.title} size="A5" style={styles.page}>
          <Footer author={author} title={book.title} page={index + 3} />
          <Text style={styles.number}>{pad(index)}</Text>
          <Text style={styles.itemKicker}>{`${book.itemLabel} ${index + 1}`}</Text>
          <Text style={styles.itemTitle}>{item.title}</Text>
          <Text>{item.body}</Text>
          <View style={styles.action}>
            <Text style={styles.actionLabel}>{book.actionLabel}</Text>
            <Text>{item.action}</Text>
          </View>
        </Page>
      ))}
      <Page size="A5" style={styles.page}>
        <Footer author={author} title={book.title} page={book.items.length + 3} />
        <Text style={styles.heading}>{book.closing.heading}</Text>
        <Text style={styles.intro}>{book.closing.body}</Text>
        <Text style={styles.itemKicker}>{book.closing.linksLabel}</Text>
        <View style={{ marginTop: 10 }}>
          {links.map((link) => (
            <Link key={link.href} src={link.href} style={styles.link}>
              {`${link.label}: ${link.href.replace(/^https?:\/\//, '')}`}
            </Link>
          ))}
        </View>
      </Page>
    </Document>
  );
}
