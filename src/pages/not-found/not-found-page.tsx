import { useEffect } from 'react';
import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { copy } from '../../content/not-found';

export function NotFoundPage() {
  useEffect(() => {
    // Spec §2.9: the attempted path goes to the console (the server already answered 404, D6).
    console.error(copy.consoleMessage, window.location.pathname);
  }, []);

  return (
    <PageLayout>
      <Container className="flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
        <h1 className="text-step-5">{copy.heading}</h1>
        <p className="mt-4 text-step-2">{copy.text}</p>
        <ButtonLink className="mt-10" href={copy.homeLink.href} size="lg">
          {copy.homeLink.label}
        </ButtonLink>
      </Container>
    </PageLayout>
  );
}
