import { z } from 'zod';

/**
 * Every form carries one hidden field that people never see or fill. A bot that fills it gets a
 * normal-looking success and nothing is stored (issue: lead capture, spam).
 */
export const honeypot = {
  field: 'company_website',
  schema: z.string().max(1000).optional(),
} as const;

export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[honeypot.field];
  return typeof value === 'string' && value.trim() !== '';
}
