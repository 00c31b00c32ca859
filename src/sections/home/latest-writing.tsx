import { ArrowRight } from '../../components/icons';
import { Section, SectionHeading } from '../../components/ui/section';
import { PostFacts, postPath } from '../../components/writing/post-facts';
import type { SiteContent } from '../../content/page-props';

type Writing = SiteContent['writing'];
type Post = SiteContent['posts'][string];

export type LatestWritingProps = SiteContent['home']['latestWriting'] & {
  id: string;
  /** The section's words and path: the archive link leads to its index. */
  writing: Writing;
  /** The newest posts out, newest first (contracts/writing.ts latestPosts). */
  posts: ReadonlyArray<{ slug: string; post: Post }>;
};

/**
 * The home page's latest writing (docs/decisions/028-writing.md): the newest posts out as cards,
 * each its title linking the post, its date and summary, and the way to every post. Plain
 * links: nothing here runs a script, so the server's render at a post's time is the whole of it.
 * Left out when the content hides it (`show: false`) or no post is out yet.
 */
export function LatestWriting({
  id,
  show,
  kicker,
  heading,
  archive,
  writing,
  posts,
}: LatestWritingProps) {
  if (!show || posts.length === 0) return null;
  return (
    <Section id={id}>
      <div className="flex flex-wrap items-end justify-between gap-x-10 gap-y-6">
        <SectionHeading kicker={kicker} heading={heading} />
        <a
          href={writing.path}
          className="group inline-flex items-center gap-2 text-step-0 font-bold underline decoration-accent-strong decoration-2 underline-offset-4 hover:decoration-ink"
        >
          {archive}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
        </a>
      </div>
      <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {posts.map(({ slug, post }) => (
          <li
            key={slug}
            className="group relative flex flex-col gap-4 rounded-card bg-surface p-7 transition-transform duration-200 focus-within:-translate-y-1 hover:-translate-y-1"
          >
            <PostFacts writing={writing} post={post} />
            <h3 className="text-step-2 text-pretty uppercase leading-tight">
              <a
                href={postPath(writing, slug)}
                className="after:absolute after:inset-0 after:rounded-card group-hover:underline"
              >
                {post.title}
              </a>
            </h3>
            <p className="text-step-0 text-muted">{post.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
