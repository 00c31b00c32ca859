import type { SiteContent } from '../content/page-props';
import { Button } from './ui/button';

/**
 * The consent banner (D20), prerendered into every page but `hidden`: a visitor without
 * JavaScript loads nothing third-party, so has nothing to choose. lib/consent-banner.ts shows
 * it until the visitor chooses, and again from any `data-consent-open` control. It is a plain
 * landmark right after the skip link, so keyboard and screen-reader users meet it first; visually
 * it floats at the bottom (a card on phones, a low bar on wide screens), fixed, so it shifts
 * nothing and leaves the first screen's headline in view. Accept and reject are the same size and weight.
 */
export function ConsentBanner({ copy }: { copy: SiteContent['site']['consent'] }) {
  return (
    <>
      <section
        id="consent-banner"
        aria-labelledby="consent-heading"
        hidden
        className="band-dark fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-card p-5 shadow-[var(--shadow-card)] ring-1 ring-line sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[26rem] md:p-6 lg:inset-x-6 lg:grid lg:w-auto lg:grid-cols-[1fr_26rem] lg:items-end lg:gap-x-10"
      >
        <div className="max-w-2xl lg:self-center">
          <h2
            id="consent-heading"
            className="font-sans text-step-0 font-bold normal-case tracking-normal"
          >
            {copy.heading}
          </h2>
          <p className="mt-2 text-step--1 text-muted">
            {copy.body}{' '}
            <a href={copy.noticeLink.href} className="text-ink underline underline-offset-4">
              {copy.noticeLink.label}
            </a>
          </p>
        </div>
        <form data-consent-form="" className="mt-4 lg:mt-0">
          <fieldset id="consent-categories" hidden className="mb-4">
            <legend className="text-step--1 font-semibold">{copy.categoriesLegend}</legend>
            <ul className="mt-2 flex flex-col gap-3">
              {copy.categories.map((category) => (
                <li key={category.id} className="flex gap-3">
                  <input
                    type="checkbox"
                    id={`consent-${category.id}`}
                    name={category.id}
                    aria-describedby={`consent-${category.id}-description`}
                    className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
                  />
                  <div className="text-step--1">
                    <label htmlFor={`consent-${category.id}`} className="font-semibold">
                      {category.label}
                    </label>
                    <p id={`consent-${category.id}-description`} className="text-muted">
                      {category.description}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <Button
              type="submit"
              name="consent"
              value="save"
              variant="secondary"
              className="mt-4 w-full"
            >
              {copy.save}
            </Button>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <Button type="submit" name="consent" value="accept">
              {copy.acceptAll}
            </Button>
            <Button type="submit" name="consent" value="reject">
              {copy.rejectAll}
            </Button>
          </div>
          <Button
            type="button"
            variant="link"
            aria-expanded="false"
            aria-controls="consent-categories"
            data-consent-settings=""
            className="mt-3 text-step--1"
          >
            {copy.settings}
          </Button>
        </form>
      </section>
      <p role="status" className="sr-only" data-consent-status={copy.saved} />
    </>
  );
}
