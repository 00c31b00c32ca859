import { Container } from '../components/ui/container';
import { cn } from '../lib/cn';
import { type Testimonial, TestimonialCard } from './testimonials';

/**
 * Testimonials between two sections, with no heading of their own (the cohort page's single
 * and paired quotes, product brief §2.8 items 2, 4 and 8).
 */
export function Quotes({
  items,
  className,
}: {
  items: readonly Testimonial[];
  className?: string;
}) {
  return (
    <div className={cn('py-10 md:py-14', className)}>
      <Container
        width={items.length > 1 ? 'page' : 'text'}
        className={cn('grid gap-5', items.length > 1 && 'md:grid-cols-2')}
      >
        {items.map((item) => (
          <TestimonialCard key={item.name} {...item} />
        ))}
      </Container>
    </div>
  );
}
