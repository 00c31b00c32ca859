import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignUpForm as SignUpFormView } from '../components/lead-form/sign-up-form';
import { island } from './island';
import { parseIslandProps, serializeIslandProps } from './serialize';

describe('serializeIslandProps', () => {
  it('cannot close the script element or open a comment, and round-trips', () => {
    const props = { quote: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = serializeIslandProps('test', props);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(parseIslandProps(json)).toEqual(props);
  });

  it('fails the build on a prop that cannot cross as JSON, naming it', () => {
    expect(() => serializeIslandProps('sign-up-form', { onSuccess: () => {} })).toThrow(
      /sign-up-form.*onSuccess.*function/,
    );
  });
});

describe('island (prerender side)', () => {
  const SignUpForm = island('sign-up-form', SignUpFormView, 'visible');
  const props = {
    id: 'newsletter-form',
    list: 'newsletter',
    emailLabel: 'Email address',
    copy: { submit: 'Subscribe', submitting: 'Sending…', success: 'Done', error: 'Failed' },
    successDisplay: 'none',
  } as const;

  it('writes the props beside markup identical to a root of its own, as the browser hydrates it', () => {
    const html = renderToString(<SignUpForm {...props} />);
    const [, attributes, json] = html.match(/^<script ([^>]*)>(.*?)<\/script>/) ?? [];
    expect(attributes).toContain('type="application/json"');
    expect(attributes).toContain('data-island="sign-up-form"');
    expect(attributes).toContain('data-hydrate="visible"');
    const payload = parseIslandProps(json ?? null) as { props: unknown; prefix: string };
    expect(payload.props).toEqual(props);
    const standalone = renderToString(<SignUpFormView {...props} />, {
      identifierPrefix: payload.prefix,
    });
    expect(html).toContain(`<div data-island-root="" class="contents">${standalone}</div>`);
  });

  it('gives each island on a page its own id prefix', () => {
    const html = renderToString(
      <>
        <SignUpForm {...props} />
        <SignUpForm {...props} id="other-form" />
      </>,
    );
    const prefixes = [...html.matchAll(/"prefix":"([^"]+)"/g)].map((match) => match[1]);
    expect(prefixes).toHaveLength(2);
    expect(new Set(prefixes).size).toBe(2);
  });
});

describe('island with nothing to act on', () => {
  it('ships as plain HTML with no props block', async () => {
    const { VideoEmbed } = await import('./index');
    const poster = { src: '/poster.svg', width: 1280, height: 720, alt: 'A poster' };
    const consent = { ask: 'Allow videos', hint: 'From another company' };
    const still = renderToString(
      <VideoEmbed video={{ title: 'Reel', url: null, poster, play: 'Play', consent }} />,
    );
    expect(still).not.toContain('data-island');
    expect(still).toContain('alt="A poster"');
    const playable = renderToString(
      <VideoEmbed
        video={{ title: 'Reel', url: 'https://player.example/v/1', poster, play: 'Play', consent }}
      />,
    );
    expect(playable).toContain('data-island="video-embed"');
  });
});
