import { parsePostText } from '../../../contracts/content/post-text';
import {
  indexPageCount,
  indexPath,
  type PostFoot as PostFootOf,
  postFoot,
  postSlugOfPage,
  publishedPosts,
  tagSlug,
  tagsOf,
  type WritingPageId,
} from '../../../contracts/writing';
import { PageLayout } from '../../components/page-layout';
import { Container } from '../../components/ui/container';
import { Image } from '../../components/ui/image';
import { PostFacts, postFacts, postPath } from '../../components/writing/post-facts';
import type { PageProps, SiteContent } from '../../content/page-props';
import type { PageMeta } from '../../content/types';
import { cn } from '../../lib/cn';
import { fillTemplate } from '../../lib/template';
import { NewsletterSignUp } from '../../sections/newsletter-sign-up';
import { Blocks } from './post-body';

/**
 * The writing's pages (docs/decisions/028-writing.md): the index and its later pages, a tag's
 * page and each post, all from the content. Nothing on them moves but the sign-up under a post.
 */

type Writing = SiteContent['writing'];
type Post = SiteContent['posts'][string];

const linkClass =
  'underline decoration-accent-strong decoration-2 underline-offset-4 transition-colors hover:decoration-ink';

const tagPath = (writing: Writing, tag: string) => `${writing.path}/tags/${tagSlug(tag)}`;

function Tags({ writing, tags }: { writing: Writing; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={writing.words.tags}>
      {tags.map((tag) => (
        <li key={tag}>
          <a
            href={tagPath(writing, tag)}
            className="inline-block rounded-full bg-surface px-3 py-1 text-step--1 font-semibold transition-colors hover:bg-accent hover:text-on-accent"
          >
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A post in a list: its title as a link, its facts and its summary. */
function PostSummary({
  writing,
  slug,
  post,
  level = 2,
}: {
  writing: Writing;
  slug: string;
  post: Post;
  level?: 2 | 3;
}) {
  const Heading = `h${level}` as const;
  return (
    <article className="flex flex-col gap-2 border-t border-line py-8">
      <PostFacts writing={writing} post={post} />
      <Heading className="text-step-2 font-semibold leading-tight">
        <a href={postPath(writing, slug)} className="hover:underline">
          {post.title}
        </a>
      </Heading>
      <p className="max-w-prose text-muted">{post.description}</p>
    </article>
  );
}

/** The index's page `number`, or a tag's page: a heading, and its posts newest first. */
function WritingList({
  content,
  path,
  heading,
  intro,
  posts,
  pager,
}: {
  content: SiteContent;
  /** Its address on the main site, which the menu marks. */
  path: string;
  heading: string;
  intro?: string;
  posts: Array<{ slug: string; post: Post }>;
  pager?: { number: number; count: number };
}) {
  const { writing } = content;
  return (
    <PageLayout site={content.site} menu={{ current: path }}>
      <Container width="wide" className="py-16 md:py-24">
        <h1 className="text-step-5 uppercase">{heading}</h1>
        {intro ? <p className="mt-6 max-w-2xl text-step-1 text-muted">{intro}</p> : null}
        <p className="mt-6">
          <a href={`${writing.path}/rss.xml`} className={linkClass}>
            {writing.words.feed}
          </a>
        </p>
        <div className="mt-10">
          {posts.map(({ slug, post }) => (
            <PostSummary key={slug} writing={writing} slug={slug} post={post} />
          ))}
        </div>
        {pager && pager.count > 1 ? (
          <nav
            aria-label={fillTemplate(writing.words.page, {
              page: pager.number,
              pages: pager.count,
            })}
            className="mt-6 flex items-center justify-between gap-4 border-t border-line pt-6"
          >
            {pager.number > 1 ? (
              <a href={indexPath(writing.path, pager.number - 1)} rel="prev" className={linkClass}>
                {writing.words.newer}
              </a>
            ) : (
              <span />
            )}
            <span className="text-step--1 text-muted">
              {fillTemplate(writing.words.page, { page: pager.number, pages: pager.count })}
            </span>
            {pager.number < pager.count ? (
              <a href={indexPath(writing.path, pager.number + 1)} rel="next" className={linkClass}>
                {writing.words.older}
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </Container>
    </PageLayout>
  );
}

/** The post before or after this one, by its title. */
function Neighbour({
  writing,
  rel,
  to,
  label,
  className,
}: {
  writing: Writing;
  rel: 'prev' | 'next';
  to: { slug: string; post: Post };
  label: string;
  className?: string;
}) {
  return (
    <a href={postPath(writing, to.slug)} rel={rel} className={cn('group flex flex-col', className)}>
      <span className="text-step--1 text-muted">{label}</span>
      <span className="font-semibold group-hover:underline">{to.post.title}</span>
    </a>
  );
}

/**
 * How a post ends: the posts before and after it, then more under its first tag, each post
 * named once (contracts/writing.ts postFoot chooses them).
 */
function PostFoot({ writing, foot }: { writing: Writing; foot: PostFootOf<Post> }) {
  const { previous, next, tag, more } = foot;
  if (!previous && !next && more.length === 0) return null;
  return (
    <Container width="text" className="pb-16">
      {previous || next ? (
        <nav
          aria-label={`${writing.words.previous} / ${writing.words.next}`}
          className="mt-12 grid gap-6 border-t border-line pt-8 sm:grid-cols-2"
        >
          {previous ? (
            <Neighbour writing={writing} rel="prev" to={previous} label={writing.words.previous} />
          ) : (
            <span />
          )}
          {next ? (
            <Neighbour
              writing={writing}
              rel="next"
              to={next}
              label={writing.words.next}
              className="sm:text-right"
            />
          ) : null}
        </nav>
      ) : null}
      {tag !== undefined && more.length > 0 ? (
        <div className="mt-16">
          <h2 className="mb-4 text-step-2 uppercase">
            {fillTemplate(writing.words.related, { tag })}
          </h2>
          {more.map((other) => (
            <PostSummary key={other.slug} writing={writing} {...other} level={3} />
          ))}
        </div>
      ) : null}
    </Container>
  );
}

function PostPage({ content, slug, now }: { content: SiteContent; slug: string; now: number }) {
  const { writing, posts, site } = content;
  const post = posts[slug];
  if (!post) throw new Error(`No post "${slug}" in the content`);
  const { copy, list, ...signUp } = writing.signUp;
  return (
    <PageLayout site={site} menu={{ current: postPath(writing, slug) }}>
      <article>
        <Container width="text" className="pt-16 md:pt-24">
          <p className="mb-5 text-step--1 font-semibold uppercase tracking-wider">
            <a href={writing.path} className="hover:underline">
              {writing.name}
            </a>
          </p>
          <h1 className="text-step-4 uppercase leading-none">{post.title}</h1>
          <p className="mt-6 text-step-1 text-muted">{post.description}</p>
          <div className="mt-6">
            <PostFacts writing={writing} post={post} />
          </div>
          {post.cover ? (
            <Image
              image={post.cover}
              priority
              sizes="(min-width: 48rem) 48rem, 100vw"
              className="mt-10 h-auto w-full rounded-card"
            />
          ) : null}
          <div className="mt-6 max-w-prose text-step-0 leading-relaxed">
            <Blocks
              blocks={parsePostText(post.body).blocks}
              pictures={content.postPictures[slug] ?? {}}
            />
          </div>
          {post.tags.length > 0 ? (
            <div className="mt-12 flex flex-col gap-3">
              <p className="font-semibold">{writing.words.tags}</p>
              <Tags writing={writing} tags={post.tags} />
            </div>
          ) : null}
        </Container>
      </article>
      <PostFoot writing={writing} foot={postFoot(posts, slug, now)} />
      <NewsletterSignUp
        id="post-sign-up"
        {...signUp}
        list={list}
        form={{
          id: 'post-sign-up-form',
          emailLabel: site.forms.emailLabel,
          emailPlaceholder: site.forms.emailPlaceholder,
          copy,
        }}
      />
    </PageLayout>
  );
}

/** What a writing page shows at `now`: an index page, a tag's page or a post. */
function pageOf(page: WritingPageId, content: SiteContent, now: number) {
  const { writing, posts } = content;
  const slug = postSlugOfPage(page);
  if (slug !== null) return { kind: 'post' as const, slug };
  // Only the lists need the posts in order (a sort of every post: not for each post's page).
  const ordered = publishedPosts(posts, now);
  const tag = /^writing\/tags\/(.+)$/.exec(page)?.[1];
  if (tag) {
    // In the words of the newest post out that has it: a post still ahead may spell it otherwise.
    // A tag only such a post has is made ahead in its words (its page opens with the post).
    const words = tagsOf(posts, now).get(tag) ?? tagsOf(posts).get(tag);
    if (!words) throw new Error(`No tag "${tag}" in the content`);
    return {
      kind: 'list' as const,
      path: `${writing.path}/tags/${tag}`,
      heading: fillTemplate(writing.words.tagHeading, { tag: words }),
      posts: ordered.filter(({ post }) => post.tags.some((each) => tagSlug(each) === tag)),
    };
  }
  const number = page === 'writing' ? 1 : Number(page.slice('writing/page/'.length));
  // A later page made ahead of the post that opens it lists nothing until then.
  const count = Math.max(number, indexPageCount(ordered.length, writing.perPage));
  if (!(number >= 1)) throw new Error(`No page "${page}" of the writing`);
  return {
    kind: 'list' as const,
    path: indexPath(writing.path, number),
    heading: writing.name,
    intro: number === 1 ? writing.intro : undefined,
    posts: ordered.slice((number - 1) * writing.perPage, number * writing.perPage),
    pager: { number, count },
  };
}

/** A writing page's component and head, from its id and the content. */
export function writingPage(page: WritingPageId, { content, now }: PageProps) {
  const shown = pageOf(page, content, now);
  const { writing, site } = content;
  if (shown.kind === 'post') {
    const post = content.posts[shown.slug] as Post;
    return {
      // biome-ignore lint/correctness/noComponentHookFactories: the prerender renders it once, as the whole page: there is no state to lose between calls.
      Component: (props: PageProps) => (
        <PostPage content={props.content} slug={shown.slug} now={props.now} />
      ),
      meta: (): PageMeta => {
        const { date, readingTime } = postFacts(writing, post);
        return {
          title: `${post.title} | ${writing.name}`,
          description: post.description,
          theme: 'main',
          // The founder's name is at the card's foot already: the detail line gives the facts.
          card: {
            kicker: writing.name,
            headline: post.title,
            detail: `${date} · ${readingTime}`,
            ...(post.cover ? { art: post.cover } : {}),
          },
        };
      },
    };
  }
  const pager = 'pager' in shown ? shown.pager : undefined;
  const title =
    pager && pager.number > 1
      ? `${writing.meta.title} (${fillTemplate(writing.words.page, { page: pager.number, pages: pager.count })})`
      : shown.heading === writing.name
        ? writing.meta.title
        : `${shown.heading} | ${writing.name}`;
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: the prerender renders it once, as the whole page: there is no state to lose between calls.
    Component: (props: PageProps) => (
      <WritingList
        content={props.content}
        path={shown.path}
        heading={shown.heading}
        intro={'intro' in shown ? shown.intro : undefined}
        posts={shown.posts}
        pager={pager}
      />
    ),
    meta: (): PageMeta => ({
      title,
      description: writing.meta.description,
      theme: 'main',
      card: { kicker: site.founder.name, headline: shown.heading },
    }),
  };
}
