import { cohortOffer } from '../content/cohort';

const outcome = (heading: string) => ({ kicker: heading, heading, text: `${heading}.` });

/** The offer an accepted application gets, for the API tests: £2,950, held for 72 hours. */
export const testOffer = cohortOffer.parse({
  price: { amount: 2950, currency: 'GBP' },
  productName: 'The cohort starting {cohortStarts}',
  emails: {
    offer: {
      subject: 'Your seat until {offerExpires}',
      body: 'Hi {name},\n\nPay {offerPrice} here: {offerLink}\n\nIt starts on {cohortStarts}.',
    },
    enrolled: { subject: "You're in", body: 'Hi {name}, we start on {cohortStarts}.' },
    declined: { subject: 'Your application', body: 'Hi {name}, not this time.' },
    waitlisted: { subject: 'The waitlist', body: 'Hi {name}, you are on the waitlist.' },
    confirm: {
      subject: 'Confirm your new answers',
      body: 'Hi {name},\n\nConfirm them here: {confirmLink}\n\nUntil {confirmExpires}.',
    },
  },
  page: {
    meta: { title: 'Your offer', description: 'Your place in the cohort.' },
    enrolled: outcome("You're in"),
    expired: outcome('Offer closed'),
    full: outcome('Cohort full'),
    retry: outcome('Try again'),
    confirmed: outcome('Answers confirmed'),
    kept: outcome('Answers kept'),
    unconfirmed: outcome('Link not valid'),
    back: 'Back to the cohort',
  },
  kitTags: {
    applicant: 'cohort-applicant',
    accepted: 'cohort-accepted',
    enrolled: 'cohort-member',
  },
});
