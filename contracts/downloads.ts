/**
 * The PDFs the build makes from the content layer (product decisions D9, D10), by public path.
 * The handbook form sends the visitor to the handbook after signing up, in the browser and after
 * a native post (the server's redirect), so both sides need these paths.
 */
export const downloads = {
  /** The free handbook: the 11 CheatCodes (D9). */
  handbook: '/downloads/11-cheatcodes.pdf',
  /** The thank-you page's bonus (D10). */
  bonus: '/downloads/3-cheatcodes-from-the-book.pdf',
} as const;

/**
 * The second bonus is not a public file: the server hands it over once two friends have joined
 * through the visitor's share link (GET /api/referrals/:code/bonus).
 */
export const secondBonusFileName = '2026-planning-workbook.pdf';

export function secondBonusPath(referralCode: string): string {
  return `/api/referrals/${encodeURIComponent(referralCode)}/bonus`;
}
