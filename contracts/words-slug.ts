/**
 * An address made from words: "Your rights, and how to use them" -> "your-rights-and-how-to-use-them".
 * A legal page's sections, a post's headings and the writing's tags are addressed by it. Kept
 * apart from the text readers so that the route table can use it in the browser.
 */
export function slugOfWords(words: string): string {
  return words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-|-$/g, '');
}
