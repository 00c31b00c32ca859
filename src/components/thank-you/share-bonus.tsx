import { useEffect, useState } from 'react';
import { secondBonusPath } from '../../../contracts/downloads';
import {
  type ReferralProgress,
  referralProgressSchema,
} from '../../../contracts/referral-progress';
import { getJson } from '../../lib/api-client';
import { shareLink, thankYouReferralCode } from '../../lib/referral';
import { fillTemplate } from '../../lib/template';
import { TrackedButton } from '../tracked';
import { ButtonLink, buttonVariants } from '../ui/button';
import { Section, SectionHeading } from '../ui/section';

export interface ShareBonusProps {
  id: string;
  ps: string;
  linkLabel: string;
  noCode: string;
  copy: string;
  copied: string;
  share: string;
  shareTitle: string;
  shareText: string;
  directLabel: string;
  /** "{text}", "{url}" and "{title}" stand for the encoded share text, link and title. */
  direct: ReadonlyArray<{ label: string; href: string }>;
  /** "{joined}" and "{goal}" stand for the numbers. */
  progress: string;
  unlocked: string;
  secondBonusLabel: string;
  waitlistOrigin: string;
}

/** How many friends have joined through `code`; null when that cannot be had. */
async function fetchProgress(code: string): Promise<ReferralProgress | null> {
  const result = await getJson(`/api/referrals/${code}`, referralProgressSchema);
  return result.ok ? result.data : null;
}

/**
 * The PS made true (D10): the visitor's personal share link (the code the server gave their
 * sign-up, kept in this browser), shared through the Web Share API where there is one, with
 * "Copy link" and direct links as the fallback; the server counts the friends who join through
 * it, and at two the second bonus downloads. Without a code (a visitor who signed up elsewhere)
 * the plain waitlist link is offered.
 */
export function ShareBonus(props: ShareBonusProps) {
  const [code, setCode] = useState<string | null>(null);
  const [progress, setProgress] = useState<ReferralProgress | null>(null);
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const link = shareLink(props.waitlistOrigin, code);

  useEffect(() => {
    setCode(thankYouReferralCode(window.location.search));
    setCanShare(typeof navigator.share === 'function');
  }, []);

  useEffect(() => {
    if (!code) return;
    void fetchProgress(code).then(setProgress);
  }, [code]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a refused permission): the link is on screen to select.
    }
  };

  return (
    <Section id={props.id} band="surface" width="text">
      <SectionHeading heading={props.ps} size="md" />
      <label htmlFor={`${props.id}-link`} className="mt-8 block text-step--1 font-semibold">
        {props.linkLabel}
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id={`${props.id}-link`}
          readOnly
          value={link}
          className="min-h-12 flex-1 rounded-card border-2 border-ink/20 bg-field px-4 text-step-0 text-on-field"
          onFocus={(event) => event.currentTarget.select()}
        />
        {canShare ? (
          <TrackedButton
            location="thank-you"
            onClick={() =>
              void navigator
                .share({ title: props.shareTitle, text: props.shareText, url: link })
                .catch(() => {})
            }
            className={buttonVariants()}
          >
            {props.share}
          </TrackedButton>
        ) : null}
        <TrackedButton
          location="thank-you"
          onClick={() => void copyLink()}
          className={buttonVariants({ variant: canShare ? 'secondary' : 'primary' })}
        >
          {props.copy}
        </TrackedButton>
      </div>
      <p className="mt-2 min-h-6 text-step--1 font-semibold" role="status">
        {copied ? props.copied : ''}
      </p>
      {code ? null : <p className="text-step--1 text-muted">{props.noCode}</p>}
      <DirectLinks {...props} link={link} />
      {progress ? <Progress {...props} referrals={progress} code={code} /> : null}
    </Section>
  );
}

/** The link shared straight to each network, its words and address filled into the network's. */
function DirectLinks({
  directLabel,
  direct,
  shareText,
  shareTitle,
  link,
}: Pick<ShareBonusProps, 'directLabel' | 'direct' | 'shareText' | 'shareTitle'> & {
  link: string;
}) {
  const fill = (href: string) =>
    fillTemplate(href, {
      text: encodeURIComponent(shareText),
      url: encodeURIComponent(link),
      title: encodeURIComponent(shareTitle),
    });
  return (
    <>
      <p className="mt-6 text-step--1 font-semibold text-muted">{directLabel}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {direct.map((network) => (
          <li key={network.label}>
            <ButtonLink
              href={fill(network.href)}
              external
              variant="secondary"
              size="md"
              track={{ location: 'thank-you' }}
            >
              {network.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The friends who joined through the link, against the goal; at the goal, the second bonus. */
function Progress({
  referrals,
  code,
  progress,
  unlocked,
  secondBonusLabel,
}: Pick<ShareBonusProps, 'progress' | 'unlocked' | 'secondBonusLabel'> & {
  referrals: ReferralProgress;
  code: string | null;
}) {
  return (
    <div className="mt-10 rounded-card bg-paper p-6 shadow-[var(--shadow-card)]">
      <p className="font-display text-step-2 uppercase" aria-live="polite">
        {referrals.unlocked
          ? unlocked
          : fillTemplate(progress, { joined: referrals.joined, goal: referrals.goal })}
      </p>
      <div className="mt-4 h-3 overflow-hidden rounded-full bg-ink/10">
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          // A width from data: set through the CSSOM (allowed by the CSP), not a style attribute.
          ref={(bar) => {
            if (bar)
              bar.style.width = `${Math.min(100, (referrals.joined / referrals.goal) * 100)}%`;
          }}
        />
      </div>
      {referrals.unlocked && code ? (
        <ButtonLink
          href={secondBonusPath(code)}
          size="lg"
          track={{ location: 'thank-you' }}
          className="mt-6"
        >
          {secondBonusLabel}
        </ButtonLink>
      ) : null}
    </div>
  );
}
