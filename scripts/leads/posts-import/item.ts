/**
 * One issue of a newsletter archive as the import reads it, wherever it comes from (a feed file,
 * Kit's broadcasts): what becomes a post's front matter and text.
 */
export interface ArchiveItem {
  /**
   * Where it came from, kept in the post's `importedFrom` so the next import skips it: a feed
   * item's guid (or id, or link), or `kit-broadcast:<id>`.
   */
  source?: string;
  /** How the report names it before it has a title ("item 3 (urn:uuid:…)", "broadcast 42"). */
  label: string;
  title?: string;
  /** Its summary, as text or HTML; without it the description is its first paragraph. */
  summary?: string;
  /** Its text, as HTML. */
  html?: string;
  /** When it was published or sent, as the source gives it. */
  date?: string;
  tags: string[];
  cover?: { url: string; alt?: string };
  /** Its own address, for links and pictures its HTML gives relative to it. */
  base?: string;
  /** Said on its line of the report ("not public in Kit"). */
  remark?: string;
}
