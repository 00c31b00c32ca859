import { footer, legalLinks, socialLinks } from '../content/site';
import { Container } from './ui/container';

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-ink py-12 text-paper [color-scheme:dark]">
      <Container className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
        <nav aria-label={footer.legalLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <a className="underline-offset-4 hover:underline" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={footer.socialLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a
                  className="underline-offset-4 hover:underline"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container className="mt-10 flex flex-col gap-2 text-step--1 opacity-75">
        <p>{footer.copyright}</p>
        <p>{footer.sampleNotice}</p>
      </Container>
    </footer>
  );
}
