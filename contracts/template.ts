/**
 * Text with named placeholders ("Go to slide {slide}", "Out {releaseDate}") stays data in the
 * content, so it can cross into an island as JSON; the values are filled in where they are
 * known: the content's facts before a page renders (facts.ts), a slide's number in its
 * component. A placeholder with no value of its own is left as written, so a typo shows on the
 * page instead of vanishing, and one a later step fills ("{slide}" in a fact-filled label) stays.
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
