/**
 * Copy with numbers in it ("Go to slide {slide}") stays data in src/content/, so it can cross
 * into an island as JSON; components fill the placeholders. An unknown placeholder is left as
 * written, so a typo shows on the page instead of vanishing.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    key in values ? String(values[key]) : placeholder,
  );
}
