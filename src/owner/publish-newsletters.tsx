import type { NextNewsletters } from '../../contracts/owner-publish';
import { Heading, when } from './room-ui';
import { words } from './words';

const text = words.publish;

type Post = NextNewsletters['posts'][number];

/** What Publish does with one post's newsletter, in the owner's words. */
function lineOf(post: Post, subscribers: number, sending: boolean): string {
  if (post.late && !sending) return text.late(when(post.date));
  if (post.broadcast === 'draft') {
    return post.late
      ? text.willDraftNow(subscribers)
      : text.willDraft(subscribers, when(post.date));
  }
  return post.late ? text.willEmailNow(subscribers) : text.willEmail(subscribers, when(post.date));
}

/**
 * The newsletters the next Publish starts (server/features/writing/next-broadcasts.ts), above the button:
 * whom each emails and when, and for a post whose date has passed, the box that sends it all the
 * same. The server sends a late one only when its box was ticked (docs/decisions/028-writing.md).
 */
export function PublishNewsletters({
  newsletters,
  sendLate,
  onSendLate,
  disabled,
}: {
  newsletters: NextNewsletters;
  /** The late posts ticked, by id. */
  sendLate: readonly string[];
  onSendLate: (ids: string[]) => void;
  disabled: boolean;
}) {
  if (newsletters.posts.length === 0) return null;
  return (
    <section aria-label={text.newsletters} className="flex max-w-prose flex-col gap-2">
      <Heading className="font-semibold">{text.newsletters}</Heading>
      <ul className="flex flex-col gap-2">
        {newsletters.posts.map((post) => {
          const sending = sendLate.includes(post.id);
          return (
            <li key={post.id}>
              <span className="font-semibold">“{post.title}”</span>{' '}
              {lineOf(post, newsletters.subscribers, sending)}
              {post.late && (
                <label className="mt-1 flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={sending}
                    disabled={disabled}
                    onChange={(event) =>
                      onSendLate(
                        event.target.checked
                          ? [...sendLate, post.id]
                          : sendLate.filter((id) => id !== post.id),
                      )
                    }
                  />
                  {text.sendLate(post.title)}
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-muted">{text.subscribersHint}</p>
    </section>
  );
}
