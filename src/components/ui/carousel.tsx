import useEmblaCarousel from 'embla-carousel-react';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { CarouselLabels } from '../../content/types';
import { autoplayDelay } from '../../lib/autoplay';
import { cn } from '../../lib/cn';
import { fillTemplate } from '../../lib/template';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { ChevronLeft, ChevronRight, Pause, Play } from '../icons';

/** Carousel options from product brief §4 and §9: looping, drag threshold 10, duration 25. */
const emblaOptions = { loop: true, dragThreshold: 10, duration: 25, align: 'start' } as const;

const controlButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-current transition-colors hover:bg-ink hover:text-paper';

type CarouselApi = ReturnType<typeof useEmblaCarousel>[1];

/**
 * The one carousel (timeline, press logos), after the WAI-ARIA carousel pattern: a labelled
 * region with roledescription "carousel", slides labelled "N of M", previous/next buttons, dots,
 * arrow keys, and, when it rotates by itself, a pause control. Rotation stops while the pointer
 * or focus is inside or a drag is under way, and is off by default under reduced motion.
 */
export function Carousel({
  labels,
  slides,
  autoplay,
  className,
  slideClassName,
}: {
  labels: CarouselLabels;
  slides: ReactNode[];
  /** Rotate by itself every minMs to maxMs (random per step). */
  autoplay?: { minMs: number; maxMs: number };
  className?: string;
  /** Width of one slide, e.g. "basis-full" or "basis-1/2 md:basis-1/4". */
  slideClassName?: string;
}) {
  // An island loaded as it nears the viewport, so Embla's layout work is off the first load.
  const [viewportRef, api] = useEmblaCarousel(emblaOptions);
  const reducedMotion = useReducedMotion();
  const { selected, inView, dragging } = useSlides(api);
  const visitor = useVisitorInside();
  const { rotating, toggle } = useRotation(api, autoplay, {
    reducedMotion,
    selected,
    held: visitor.inside || dragging,
  });

  const previous = useCallback(() => api?.scrollPrev(reducedMotion), [api, reducedMotion]);
  const next = useCallback(() => api?.scrollNext(reducedMotion), [api, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };
  return (
    <section
      ref={visitor.ref}
      aria-roledescription="carousel"
      aria-label={labels.region}
      className={cn('flex flex-col gap-6', className)}
      onKeyDown={onKeyDown}
      {...visitor.handlers}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <Slides
          slides={slides}
          name={labels.slide}
          inView={inView}
          rotating={rotating}
          className={slideClassName}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <div className="flex items-center gap-2">
          {autoplay ? (
            <button
              type="button"
              className={controlButton}
              aria-label={rotating ? labels.pause : labels.play}
              onClick={toggle}
            >
              {rotating ? <Pause className="size-5" /> : <Play className="size-4" />}
            </button>
          ) : null}
          <Dots
            count={slides.length}
            selected={selected}
            goTo={labels.goTo}
            onGo={(index) => api?.scrollTo(index, reducedMotion)}
          />
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={controlButton}
            aria-label={labels.previous}
            onClick={previous}
          >
            <ChevronLeft className="size-5" />
          </button>
          <button type="button" className={controlButton} aria-label={labels.next} onClick={next}>
            <ChevronRight className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Whether the pointer or focus is inside the carousel, which holds its rotation: the region's
 * ref and the handlers that follow them in and out.
 */
function useVisitorInside() {
  const ref = useRef<HTMLElement>(null);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);

  // The pointer or focus may already be inside when the island hydrates: no enter event comes.
  useEffect(() => {
    setHovered(ref.current?.matches(':hover') ?? false);
    setFocused(ref.current?.matches(':focus-within') ?? false);
  }, []);

  const handlers = {
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
  };
  return { ref, inside: hovered || focused, handlers };
}

/**
 * What Embla says of the slides: the one selected, those in view, and whether one is being
 * dragged. Nothing in view means the carousel is not running (or is off screen): then every
 * slide stays reachable.
 */
function useSlides(api: CarouselApi) {
  const [selected, setSelected] = useState(0);
  const [inView, setInView] = useState<number[] | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onInView = () => {
      const visible = api.slidesInView();
      setInView(visible.length > 0 ? visible : null);
    };
    const onDown = () => setDragging(true);
    const onUp = () => setDragging(false);
    onSelect();
    onInView();
    api
      .on('select', onSelect)
      .on('reInit', onSelect)
      .on('slidesInView', onInView)
      .on('pointerDown', onDown)
      .on('pointerUp', onUp);
    return () => {
      api
        .off('select', onSelect)
        .off('reInit', onSelect)
        .off('slidesInView', onInView)
        .off('pointerDown', onDown)
        .off('pointerUp', onUp);
    };
  }, [api]);

  return { selected, inView, dragging };
}

/**
 * Rotation by itself: whether it rotates (the visitor's own choice wins; without one, reduced
 * motion means no rotation), the timer of the next move while nothing holds it, and the pause
 * button's toggle.
 */
function useRotation(
  api: CarouselApi,
  autoplay: { minMs: number; maxMs: number } | undefined,
  {
    reducedMotion,
    selected,
    held,
  }: {
    reducedMotion: boolean;
    /** The slide shown: a move restarts the timer, with a fresh random delay. */
    selected: number;
    /** The pointer or focus is inside, or a slide is being dragged. */
    held: boolean;
  },
) {
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const rotating = autoplay !== undefined && (userPaused === null ? !reducedMotion : !userPaused);
  const advancing = rotating && !held;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` is the restart signal.
  useEffect(() => {
    if (!api || !advancing || !autoplay) return;
    const timer = window.setTimeout(() => api.scrollNext(), autoplayDelay(autoplay));
    return () => window.clearTimeout(timer);
  }, [api, advancing, autoplay, selected]);

  return { rotating, toggle: () => setUserPaused(rotating) };
}

/**
 * The slides in a row, each a group named "N of M"; those out of view are inert, so a keyboard
 * never lands on what cannot be seen. While it rotates, screen readers are not told each move.
 */
function Slides({
  slides,
  name,
  inView,
  rotating,
  className,
}: {
  slides: ReactNode[];
  /** Each slide's name, "{slide} of {total}". */
  name: string;
  inView: number[] | null;
  rotating: boolean;
  className: string | undefined;
}) {
  return (
    <div className="flex touch-pan-y" aria-live={rotating ? 'off' : 'polite'}>
      {slides.map((slide, index) => (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides role="group"; a fieldset is for form controls.
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are fixed content in a fixed order.
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={fillTemplate(name, { slide: index + 1, total: slides.length })}
          inert={inView !== null && !inView.includes(index)}
          className={cn('min-w-0 shrink-0 grow-0', className ?? 'basis-full')}
        >
          {slide}
        </div>
      ))}
    </div>
  );
}

/** One dot per slide, the selected one drawn long; each goes to its slide. */
function Dots({
  count,
  selected,
  goTo,
  onGo,
}: {
  count: number;
  selected: number;
  /** Each dot's name, "Go to slide {slide}". */
  goTo: string;
  onGo: (index: number) => void;
}) {
  return (
    <ul className="flex items-center">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide, in slide order.
        <li key={index}>
          <button
            type="button"
            className="group flex size-6 items-center justify-center sm:size-8"
            aria-label={fillTemplate(goTo, { slide: index + 1 })}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => onGo(index)}
          >
            <span className="block h-2 w-2 rounded-full bg-current opacity-35 transition-all group-hover:opacity-70 group-aria-[current=true]:w-6 group-aria-[current=true]:opacity-100" />
          </button>
        </li>
      ))}
    </ul>
  );
}
