import { ExitIntent as ExitIntentView } from '../components/book/exit-intent';
import { ApplicationForm as ApplicationFormView } from '../components/cohort/application-form';
import { HandbookForm as HandbookFormView } from '../components/handbook/handbook-form';
import { UnlockBar as UnlockBarView } from '../components/handbook/unlock-bar';
import { PressCarousel as PressCarouselView } from '../components/home/press-carousel';
import { TimelineCarousel as TimelineCarouselView } from '../components/home/timeline-carousel';
import { ContactForm as ContactFormView } from '../components/lead-form/contact-form';
import { SignUpForm as SignUpFormView } from '../components/lead-form/sign-up-form';
import { SiteHeader as SiteHeaderView } from '../components/site-header';
import { ShareBonus as ShareBonusView } from '../components/thank-you/share-bonus';
import { Teaser as TeaserView } from '../components/thank-you/teaser';
import { Accordion as AccordionView } from '../components/ui/accordion';
import { VideoEmbed as VideoEmbedView } from '../components/video-embed';
import { SpacesBanner as SpacesBannerView } from '../components/waitlist/spaces-banner';
import { WorkshopCountdown as WorkshopCountdownView } from '../components/workshop/workshop-countdown';
import { island } from './island';

/**
 * The interactive parts of the site, as pages use them: each renders in the prerender like its
 * component and hydrates in the browser on its own (src/islands/start.ts). Everything else on
 * a page is static HTML. A new island: its loader in loaders.ts, its line here.
 */
export const SiteHeader = island('site-header', SiteHeaderView, 'idle');
export const SignUpForm = island('sign-up-form', SignUpFormView, 'visible');
export const ContactForm = island('contact-form', ContactFormView, 'visible');
// Without a configured player URL a video box is only its poster: nothing to hydrate.
export const VideoEmbed = island(
  'video-embed',
  VideoEmbedView,
  'visible',
  ({ video }) => video.url !== null,
);
export const TimelineCarousel = island('timeline-carousel', TimelineCarouselView, 'visible');
export const PressCarousel = island('press-carousel', PressCarouselView, 'visible');
export const Accordion = island('accordion', AccordionView, 'visible');
export const ExitIntent = island('exit-intent', ExitIntentView, 'mouse');
export const SpacesBanner = island('spaces-banner', SpacesBannerView, 'idle');
// The window's bar and the form share the window through lib/unlock-window.ts.
export const UnlockBar = island(
  'unlock-bar',
  UnlockBarView,
  'idle',
  ({ window }) => window.mode !== 'off',
);
export const HandbookForm = island('handbook-form', HandbookFormView, 'visible');
export const Teaser = island('teaser', TeaserView, 'interaction');
export const ShareBonus = island('share-bonus', ShareBonusView, 'visible');
export const WorkshopCountdown = island('workshop-countdown', WorkshopCountdownView, 'visible');
export const ApplicationForm = island('application-form', ApplicationFormView, 'visible');
