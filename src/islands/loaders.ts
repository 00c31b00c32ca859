/**
 * Every island the site has: its name and how the browser loads its component. Only dynamic
 * imports here, so a page's entry pulls in no component (and no React) until an island is due.
 * The server side of the same names is src/islands/index.ts; the types tie the two together.
 */
export const islandLoaders = {
  'site-header': () => import('../components/site-header').then((m) => m.SiteHeader),
  'sign-up-form': () => import('../components/lead-form/sign-up-form').then((m) => m.SignUpForm),
  'contact-form': () => import('../components/lead-form/contact-form').then((m) => m.ContactForm),
  'video-embed': () => import('../components/video-embed').then((m) => m.VideoEmbed),
  'timeline-carousel': () =>
    import('../components/home/timeline-carousel').then((m) => m.TimelineCarousel),
  'press-carousel': () => import('../components/home/press-carousel').then((m) => m.PressCarousel),
  accordion: () => import('../components/ui/accordion').then((m) => m.Accordion),
  'spaces-banner': () => import('../components/waitlist/spaces-banner').then((m) => m.SpacesBanner),
  'unlock-bar': () => import('../components/handbook/unlock-bar').then((m) => m.UnlockBar),
  'handbook-form': () => import('../components/handbook/handbook-form').then((m) => m.HandbookForm),
  teaser: () => import('../components/thank-you/teaser').then((m) => m.Teaser),
  'share-bonus': () => import('../components/thank-you/share-bonus').then((m) => m.ShareBonus),
  'workshop-countdown': () =>
    import('../components/workshop/workshop-countdown').then((m) => m.WorkshopCountdown),
  'exit-intent': () => import('../components/book/exit-intent').then((m) => m.ExitIntent),
  'application-form': () =>
    import('../components/cohort/application-form').then((m) => m.ApplicationForm),
} as const;

export type IslandName = keyof typeof islandLoaders;

export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
